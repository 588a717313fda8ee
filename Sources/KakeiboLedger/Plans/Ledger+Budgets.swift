import GRDB
import KakeiboDomain
import KakeiboEventStore
import KakeiboProjections

extension Ledger {
    /// Budgets for `period` (default: this month in the ledger's time zone), computed from the
    /// budget definitions and the postings, walking forward from the first budget for rollover.
    /// `asOf` counts only spending dated on or before it, and picks the month containing it when
    /// no period is given: the report as it stood that day.
    public func budgetReport(period: PlanPeriod? = nil, asOf: LocalDate? = nil, atPosition: Int64? = nil) throws -> BudgetReport {
        if let asOf { try PlanPeriod.check(asOf) }
        let period = try period ?? PeriodLength.monthly.period(containing: asOf ?? today())
        try PlanPeriod.check(period.start)
        return try withProjection(at: atPosition) { db in
            var report = try Self.budgetCalculator(db, through: period, asOf: asOf).report(for: period)
            let end = min(period.end, asOf ?? period.end)
            report.foreignSpending = try Self.foreignSpending(db, from: period.start, through: end)
            return report
        }
    }

    /// Reports for every period from the first budget of `period`'s length through `period`:
    /// what the rollover invariant tests walk.
    public func budgetReports(through period: PlanPeriod) throws -> [BudgetReport] {
        try writer.read { db in try Self.budgetCalculator(db, through: period).reports(through: period) }
    }

    /// Spending is loaded up to the period's end, or up to `asOf` when that comes first (widgets).
    static func budgetCalculator(_ db: Database, through period: PlanPeriod, asOf: LocalDate? = nil) throws -> BudgetCalculator {
        let store = SQLiteProjectionStore(db: db)
        let definitions = try store.allBudgetDefinitions()
        let from = min(BudgetCalculator.firstDate(of: definitions, period.length) ?? period.start, period.start)
        return BudgetCalculator(categories: try expenseCategories(db), definitions: definitions,
                                spending: try budgetSpending(db, from: from, through: min(period.end, asOf ?? period.end)))
    }

    static func expenseCategories(_ db: Database) throws -> [BudgetCalculator.Category] {
        try Row.fetchAll(db, sql: """
            SELECT a.account_id, a.name, c.display_name, c.hue, c.icon, c.is_archived
            FROM accounts a LEFT JOIN categories c USING (account_id) WHERE a.type = 'expense' ORDER BY a.name
            """).map { row in
            let id: String = row[0]
            let category: KakeiboDomain.Category? = (row[2] as String?).map {
                KakeiboDomain.Category(accountID: id, displayName: $0, hue: row[3], icon: row[4], isArchived: row[5])
            }
            return BudgetCalculator.Category(accountID: id, name: try AccountName(row[1]), category: category)
        }
    }

    /// The net of live postings per account, business date and currency, for accounts of one type.
    /// One range scan of `postings_by_date` (migration 0024): 1-2 ms for a month of 8,333
    /// transactions, against 48-75 ms joining transactions and accounts row by row. `INDEXED BY`
    /// because, without statistics, SQLite otherwise walks `postings_by_account` for the type's
    /// accounts, every posting they ever had.
    static func dailyNet(_ db: Database, type: AccountType, from: LocalDate, through: LocalDate) throws
        -> [(accountID: String, date: LocalDate, amount: Money)] {
        try Row.fetchAll(db, sql: """
            SELECT p.account_id, p.txn_date, p.currency, SUM(p.amount)
            FROM postings p INDEXED BY postings_by_date
            WHERE p.txn_date >= ? AND p.txn_date <= ? AND p.account_id IN (SELECT account_id FROM accounts WHERE type = ?)
            GROUP BY p.txn_date, p.account_id, p.currency ORDER BY p.txn_date, p.account_id, p.currency
            """, arguments: [from.description, through.description, type.rawValue]).map { row in
            (accountID: row[0], date: try LocalDate(iso: row[1]),
             amount: Money(minorUnits: try row.minorUnits(atIndex: 3, table: "postings"), currency: try db.commodityForCode(row[2])))
        }
    }
}
