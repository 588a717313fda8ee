import KakeiboDomain
import KakeiboProjections

extension PeriodBalanceReport {
    /// Every cell valued in `commodity` at its column's date, as hledger's `-X` values a multi-period
    /// report (each column at the end of its period, N15): `bal -M --value USD`, `is --value USD`,
    /// `bs -X USD` read the same rows as without `--value`, only re-expressed. A cell no price reaches
    /// stays on its own row, in its own commodity, so a valued report never hides money.
    /// `dates` holds one date per column.
    public func valued(in commodity: Commodity, on dates: [LocalDate], prices: PriceTable) throws(MoneyError) -> PeriodBalanceReport {
        struct Key: Hashable { var account: String; var currency: Currency }
        var cells: [Key: (type: AccountType, amounts: [Money])] = [:]
        for row in rows {
            for (column, amount) in row.amounts.enumerated() where !amount.isZero {
                let key: Key
                let cell: Money
                if let (value, _) = prices.value(amount, in: commodity, on: dates[column]) {
                    (key, cell) = (Key(account: row.account, currency: commodity), value)
                } else if prices.reaches(amount.currency, commodity, on: dates[column]) {
                    throw .overflow // a price exists: the value is beyond Int64 minor units, not unpriced
                } else {
                    (key, cell) = (Key(account: row.account, currency: row.currency), amount)
                }
                if cells[key] == nil { cells[key] = (row.type, periods.map { _ in .zero(key.currency) }) }
                cells[key]!.amounts[column] = try cells[key]!.amounts[column].adding(cell)
            }
        }
        var report = self
        report.rows = cells.filter { !$0.value.amounts.allSatisfy(\.isZero) }
            .map { Row(account: $0.key.account, type: $0.value.type, currency: $0.key.currency, amounts: $0.value.amounts) }
            .sorted { $0.account != $1.account ? $0.account.utf8.lexicographicallyPrecedes($1.account.utf8) : $0.currency < $1.currency }
        return report
    }
}
