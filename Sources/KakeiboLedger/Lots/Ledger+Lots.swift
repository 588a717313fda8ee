import GRDB
import KakeiboDomain
import KakeiboProjections

// The lot reports, read from the lots projection (Migrations/0018_lots.sql) in one snapshot.

extension Ledger {
    /// Units, cost basis, market value and unrealised gain per account and commodity on `asOf`
    /// (default: today): acquisitions dated on or before it, less the sales on or before it.
    public func holdings(valuedIn target: Commodity? = nil, asOf: LocalDate? = nil) throws -> HoldingsReport {
        let asOf = try asOf ?? today()
        return try writer.read { db in try Self.holdings(in: db, valuedIn: target, asOf: asOf) }
    }

    /// `holdings` inside a read the caller holds (the widget snapshot's).
    static func holdings(in db: Database, valuedIn target: Commodity?, asOf: LocalDate) throws -> HoldingsReport {
        do {
            let store = SQLiteProjectionStore(db: db)
            let prices = PriceTable(try db.marketPrices())
            struct Key: Hashable { var account: String; var commodity: Commodity; var cost: Commodity }
            var held: [Key: (units: Int64, basis: Int64)] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT account_id, commodity, digits, cost_commodity, cost_digits, SUM(units_acquired), SUM(basis_acquired)
                FROM lots WHERE acquired_on <= ? GROUP BY account_id, commodity, digits, cost_commodity, cost_digits
                """, arguments: [asOf.description]) {
                let key = Key(account: row[0], commodity: try Self.lotCommodity(row[1], row[2]), cost: try Self.lotCommodity(row[3], row[4]))
                held[key] = (row[5], row[6])
            }
            for row in try Row.fetchAll(db, sql: """
                SELECT l.account_id, l.commodity, l.digits, l.cost_commodity, l.cost_digits, SUM(d.units), SUM(d.basis)
                FROM lot_disposals d JOIN lots l ON l.lot_id = d.lot_id
                WHERE d.disposed_on <= ? AND l.acquired_on <= ?
                GROUP BY l.account_id, l.commodity, l.digits, l.cost_commodity, l.cost_digits
                """, arguments: [asOf.description, asOf.description]) {
                let key = Key(account: row[0], commodity: try Self.lotCommodity(row[1], row[2]), cost: try Self.lotCommodity(row[3], row[4]))
                let units: Int64 = row[5], basis: Int64 = row[6]
                held[key, default: (0, 0)].units -= units
                held[key, default: (0, 0)].basis -= basis
            }
            var rows: [HoldingsReport.Row] = []
            for (key, sums) in held where sums.units != 0 {
                guard let account = try store.account(id: key.account) else { continue }
                let units = Money(minorUnits: sums.units, currency: key.commodity)
                let basis = Money(minorUnits: sums.basis, currency: key.cost)
                let valued = prices.value(units, in: target ?? key.cost, on: asOf)
                var row = HoldingsReport.Row(account: account.name, units: units, basis: basis, value: valued?.0, priceDate: valued?.1,
                                             unrealisedGain: nil)
                if let value = valued?.0, value.currency == basis.currency {
                    row.unrealisedGain = try value.subtracting(basis)
                }
                rows.append(row)
            }
            rows.sort { ($0.account.rawValue, $0.units.currency.code) < ($1.account.rawValue, $1.units.currency.code) }
            return HoldingsReport(asOf: asOf, valuedIn: target, rows: rows)
        }
    }

    /// Every lot a sale took from with `begin <= date < end`, in the order the sales were recorded.
    public func gains(_ period: ReportQuery = ReportQuery()) throws -> GainsReport {
        try writer.read { db in
            let store = SQLiteProjectionStore(db: db)
            let rows = try Row.fetchAll(db, sql: """
                SELECT d.transaction_id, l.account_id, d.lot_id, l.label, l.acquired_on, d.disposed_on, d.units, l.commodity, l.digits,
                       d.basis, d.gain, l.cost_commodity, l.cost_digits
                FROM lot_disposals d JOIN lots l ON l.lot_id = d.lot_id
                WHERE d.disposed_on >= ? AND d.disposed_on < ?
                ORDER BY d.position, d.sequence
                """, arguments: [period.begin?.description ?? "0000-00-00", period.end?.description ?? "9999-99-99"])
            return GainsReport(begin: period.begin, end: period.end, rows: try rows.map { row in
                guard let account = try store.account(id: row[1]) else {
                    throw LedgerError.unreadableProjection(table: "lots", column: "account_id")
                }
                let acquired = try LocalDate(iso: row[4]), disposed = try LocalDate(iso: row[5])
                let cost = try Self.lotCommodity(row[11], row[12])
                let basis: Int64 = row[9], gain: Int64 = row[10]
                return GainsReport.Row(transactionID: row[0], account: account.name, lotID: row[2], label: row[3], acquiredOn: acquired,
                                       disposedOn: disposed, holdingDays: disposed.daysSinceEpoch - acquired.daysSinceEpoch,
                                       units: Money(minorUnits: row[6], currency: try Self.lotCommodity(row[7], row[8])),
                                       basis: Money(minorUnits: basis, currency: cost),
                                       proceeds: Money(minorUnits: basis + gain, currency: cost), gain: Money(minorUnits: gain, currency: cost))
            })
        }
    }

    private static func lotCommodity(_ code: String, _ digits: Int) throws -> Commodity {
        do { return try Commodity(code: code, digits: digits) } catch { throw LedgerError.money(error) }
    }
}
