import KakeiboDomain

/// Computes income goal progress from the goals and the income postings, at report time, so
/// edits and voids of past income are reflected exactly as a replay would reflect them.
public struct GoalCalculator {
    /// Income received on one business date (already sign-corrected: positive is money earned).
    public struct DailyIncome: Hashable, Sendable {
        public var date: LocalDate
        public var amount: Money
        public init(date: LocalDate, amount: Money) { self.date = date; self.amount = amount }
    }

    public let goals: [IncomeGoal]
    public let income: [DailyIncome]
    public let baseCurrency: Currency

    public init(goals: [IncomeGoal], income: [DailyIncome], baseCurrency: Currency) {
        self.goals = goals
        self.income = income
        self.baseCurrency = baseCurrency
    }

    /// The goal in force on `asOf` decides the period length; periods run from the one containing
    /// the first goal of any kind (or just the current period) through the one containing `asOf`.
    public func report(asOf: LocalDate) throws -> GoalReport {
        let current = goals.filter { $0.effectiveFrom <= asOf }.max { $0.position < $1.position }
        let length = current?.length ?? .weekly
        let currency = current?.amount.currency ?? baseCurrency
        let last = length.period(containing: asOf)
        var period = goals.map(\.effectiveFrom).min().map(length.period(containing:)) ?? last
        if period > last { period = last }

        var earnedByDate: [LocalDate: Int64] = [:]
        for item in income where item.amount.currency == currency && item.date <= asOf && item.date >= period.start {
            earnedByDate[item.date] = try sum(earnedByDate[item.date] ?? 0, item.amount.minorUnits)
        }
        var periods: [GoalReport.Period] = []
        while period <= last {
            var earned: Int64 = 0
            var day = period.start
            while day <= period.end && day <= asOf {
                earned = try sum(earned, earnedByDate[day] ?? 0)
                day = day.adding(days: 1)
            }
            let inForce = goals.inForce(for: period)
            let goal = inForce?.length == length && inForce?.amount.currency == currency ? inForce?.amount : nil
            let isComplete = period.end <= asOf
            let elapsed = isComplete ? period.dayCount : asOf.daysSinceEpoch - period.start.daysSinceEpoch + 1
            // Pace in integer math; amounts too large to scale keep their earned value.
            let projected = isComplete || earned.magnitude > UInt64(Int64.max / 32) ? earned
                : Int64(elapsed).dividingFullWidth(earned.multipliedFullWidth(by: Int64(period.dayCount))).quotient
            periods.append(GoalReport.Period(
                period: period, goal: goal, earned: Money(minorUnits: earned, currency: currency),
                ratioBasisPoints: goal.flatMap { BasisPoints.ratio(earned, $0.minorUnits) },
                projected: Money(minorUnits: projected, currency: currency), daysElapsed: elapsed, isComplete: isComplete,
                isMet: goal.map { earned >= $0.minorUnits } ?? false))
            period = period.next
        }
        var streak = 0
        for (index, item) in periods.enumerated().reversed() {
            if item.isMet { streak += 1; continue }
            if index == periods.count - 1 && !item.isComplete { continue } // the current period may still be met
            break
        }
        return GoalReport(asOf: asOf, length: current?.length, periods: periods, streak: streak)
    }

    private func sum(_ a: Int64, _ b: Int64) throws -> Int64 {
        let (result, overflow) = a.addingReportingOverflow(b)
        guard !overflow else { throw LedgerError.money(.overflow) }
        return result
    }
}
