import GRDB
import KakeiboDomain
import KakeiboProjections

extension Ledger {
    /// Income goal progress as of a date (default: today in the ledger's time zone).
    public func goalReport(asOf: LocalDate? = nil, atPosition: Int64? = nil) throws -> GoalReport {
        let asOf = try asOf ?? today()
        try PlanPeriod.check(asOf)
        return try withProjection(at: atPosition) { db in try Self.goalReport(db, asOf: asOf) }
    }

    static func goalReport(_ db: Database, asOf: LocalDate) throws -> GoalReport {
        let store = SQLiteProjectionStore(db: db)
        guard let settings = try store.settings() else { throw LedgerError.ledgerNotInitialised }
        let goals = try store.incomeGoals()
        let first = goals.map(\.effectiveFrom).min().map { min($0, asOf) } ?? asOf
        // Income accounts hold credits (negative amounts); earning is their negation.
        let income = try dailyNet(db, type: .income, from: first.adding(days: -31), through: asOf).map {
            GoalCalculator.DailyIncome(date: $0.date, amount: Money(minorUnits: 0 &- $0.amount.minorUnits, currency: $0.amount.currency))
        }
        return try GoalCalculator(goals: goals, income: income, baseCurrency: settings.baseCurrency).report(asOf: asOf)
    }
}
