import GRDB
import KakeiboDomain
import KakeiboProjections

// Spending in a commodity other than the base currency, counted against base-currency budgets:
// at the posting's own cost when it is priced in the base currency, else at the `P` price on
// its date (estimated), else not at all (it stays in its own commodity, an "unconverted" line).

extension Ledger {
    /// What the budget calculator counts: base-currency spending as it is, foreign spending
    /// converted where it can be, and left in its own commodity where it cannot.
    static func budgetSpending(_ db: Database, from: LocalDate, through: LocalDate) throws -> [BudgetCalculator.DailySpend] {
        let base = try SQLiteProjectionStore(db: db).settings()?.baseCurrency
        var spending = try dailyNet(db, type: .expense, from: from, through: through)
            .filter { $0.amount.currency == base }
            .map { BudgetCalculator.DailySpend(accountID: $0.accountID, date: $0.date, amount: $0.amount) }
        for spend in try foreignSpends(db, from: from, through: through) {
            spending.append(BudgetCalculator.DailySpend(accountID: spend.accountID, date: spend.spend.date,
                                                        amount: spend.spend.counted ?? spend.spend.original))
        }
        return spending.sorted { ($0.date, $0.accountID) < ($1.date, $1.accountID) }
    }

    /// The foreign expense postings dated within the range, each with how it was counted: a range scan
    /// of `postings_by_date` (migration 0024), whose currency column filters before any row is read.
    static func foreignSpending(_ db: Database, from: LocalDate, through: LocalDate) throws -> [BudgetReport.ForeignSpend] {
        try foreignSpends(db, from: from, through: through).map(\.spend)
    }

    private static func foreignSpends(_ db: Database, from: LocalDate, through: LocalDate)
        throws -> [(accountID: String, spend: BudgetReport.ForeignSpend)] {
        guard let base = try SQLiteProjectionStore(db: db).settings()?.baseCurrency else { return [] }
        let rows = try Row.fetchAll(db, sql: """
            SELECT p.account_id, a.name, p.txn_date, p.currency, p.amount, d.cost_per, d.cost_value, d.cost_commodity
            FROM postings p INDEXED BY postings_by_date JOIN accounts a USING (account_id) JOIN transactions t USING (txn_id)
            LEFT JOIN posting_details d ON d.txn_id = p.txn_id AND d.line = p.line
            WHERE p.txn_date >= ? AND p.txn_date <= ? AND p.currency != ? AND a.type = 'expense'
            ORDER BY p.txn_date, t.first_position, p.line
            """, arguments: [from.description, through.description, base.code])
        guard !rows.isEmpty else { return [] }
        let prices = PriceTable(try db.marketPrices())
        return try rows.map { row in
            let date = try LocalDate(iso: row[2])
            let amount = Money(minorUnits: try row.minorUnits(atIndex: 4, table: "postings"), currency: try db.commodityForCode(row[3]))
            let spend: BudgetReport.ForeignSpend
            if let cost = try PostingCost(row: row, startingAt: 5, commodity: db.commodityForCode), cost.commodity == base {
                let weight: Money
                do { weight = try cost.weight(of: amount).weight } catch let error as MoneyError { throw LedgerError.money(error) }
                spend = .init(account: try AccountName(row[1]), date: date, original: amount, counted: weight, basis: .cost)
            } else if let (value, _) = prices.value(amount, in: base, on: date) {
                spend = .init(account: try AccountName(row[1]), date: date, original: amount, counted: value, basis: .estimated)
            } else {
                spend = .init(account: try AccountName(row[1]), date: date, original: amount, counted: nil, basis: .unconverted)
            }
            return (row[0], spend)
        }
    }
}
