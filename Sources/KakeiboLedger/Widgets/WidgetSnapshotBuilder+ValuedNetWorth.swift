import GRDB
import KakeiboDomain
import KakeiboProjections

extension WidgetSnapshotBuilder {
    /// `netWorthValued`: net worth in the base currency at the prices on or before the as-of date,
    /// with the price date and whatever no price reaches, listed in its own commodity. Only when
    /// the balances hold another commodity, so one-currency snapshots keep their bytes.
    func valuedNetWorth(_ amounts: [Money]) throws -> AccountsWidget.Valued? {
        guard let base = try SQLiteProjectionStore(db: db).settings()?.baseCurrency,
              amounts.contains(where: { $0.currency != base }) else { return nil }
        let prices = PriceTable(try db.marketPrices())
        var total = Money.zero(base)
        var priceDate: LocalDate?
        var unconverted: [Currency: Money] = [:]
        for amount in amounts {
            if let (value, date) = prices.value(amount, in: base, on: asOf) {
                do { total = try total.adding(value) } catch { throw LedgerError.money(error) }
                if let date { priceDate = min(priceDate ?? date, date) }
            } else {
                do { unconverted[amount.currency] = try (unconverted[amount.currency] ?? .zero(amount.currency)).adding(amount) } catch {
                    throw LedgerError.money(error)
                }
            }
        }
        return .init(commodity: base.code, amount: total.decimalString, priceDate: priceDate?.description,
                     unconverted: unconverted.keys.sorted().map { currency in
                         .init(currency: currency.code, amount: unconverted[currency]!.decimalString)
                     })
    }
}
