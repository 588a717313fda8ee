import GRDB
import KakeiboDomain

extension WidgetSnapshotBuilder {
    /// The lots' holdings on the as-of date valued in the base currency (issue 36); nil when the
    /// ledger never held a lot, so a ledger without investments exports the eight documents it did.
    func holdings(_ currency: Currency) throws -> HoldingsWidget? {
        guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM lots)") == true else { return nil }
        let report = try Ledger.holdings(in: db, valuedIn: currency, asOf: asOf)
        var basis: Int64 = 0, value: Int64 = 0, unvalued = 0
        for row in report.rows {
            guard let market = row.value, market.currency == currency, row.basis.currency == currency else {
                unvalued += 1
                continue
            }
            basis += row.basis.minorUnits
            value += market.minorUnits
        }
        return HoldingsWidget(
            currency: currency.code,
            holdings: report.rows.map { row in
                .init(account: row.account.rawValue, commodity: row.units.currency.code, units: row.units.decimalString,
                      basis: row.basis.decimalString, basisCurrency: row.basis.currency.code, marketValue: row.value?.decimalString,
                      priceDate: row.priceDate?.description, unrealisedGain: row.unrealisedGain?.decimalString)
            },
            totals: .init(basis: amount(basis, currency), marketValue: amount(value, currency), unrealisedGain: amount(value &- basis, currency),
                          unvalued: unvalued))
    }
}
