import GRDB
import KakeiboDomain
import KakeiboProjections

extension WidgetSnapshotBuilder {
    /// Income this week against the goal, and the month week by week.
    func income(_ currency: Currency) throws -> IncomeWidget {
        let from = min(week.start, month.start)
        var byDate: [LocalDate: Int64] = [:]
        for row in try Ledger.dailyNet(db, type: .income, from: from, through: asOf) where row.amount.currency == currency {
            byDate[row.date, default: 0] &-= row.amount.minorUnits // income accounts hold credits
        }
        func earned(_ start: LocalDate, _ end: LocalDate) -> Int64 {
            byDate.filter { $0.key >= start && $0.key <= end && $0.key <= asOf }.values.reduce(0, &+)
        }
        let goals = try SQLiteProjectionStore(db: db).incomeGoals()
        func goal(for period: PlanPeriod) -> Int64? {
            guard let goal = goals.inForce(for: period), goal.length == period.length, goal.amount.currency == currency else { return nil }
            return goal.amount.minorUnits
        }
        func progress(_ period: PlanPeriod, weeks: [IncomeWidget.Week]? = nil) -> IncomeWidget.Progress {
            let earned = earned(period.start, period.end), goal = goal(for: period)
            let ratio = ratio(earned, goal)
            return .init(period: period.description, start: period.start.description, end: period.end.description,
                         earned: amount(earned, currency), goal: goal.map { amount($0, currency) },
                         ratio: ratio.text, ratioBasisPoints: ratio.basisPoints, weeks: weeks)
        }
        var weeks: [IncomeWidget.Week] = []
        var w = PeriodLength.weekly.period(containing: month.start)
        while w.start <= month.end {
            weeks.append(.init(period: w.description, start: w.start.description, end: w.end.description,
                               earned: amount(earned(max(w.start, month.start), min(w.end, month.end)), currency)))
            w = w.next
        }
        let report = try Ledger.goalReport(db, asOf: asOf)
        return IncomeWidget(currency: currency.code, thisWeek: progress(week), month: progress(month, weeks: weeks),
                            goal: report.length.map { length in
                                .init(length: length.rawValue, streak: report.streak, current: report.current.map(goalPeriod))
                            })
    }

    /// The goal report's current period, as `goal.json` writes it.
    private func goalPeriod(_ p: GoalReport.Period) -> IncomeWidget.GoalPeriod {
        .init(period: p.period.description, start: p.period.start.description, end: p.period.end.description,
              currency: p.earned.currency.code, goal: p.goal?.decimalString, earned: p.earned.decimalString,
              ratio: p.ratioBasisPoints.map(BasisPoints.decimalString), ratioBasisPoints: p.ratioBasisPoints,
              projected: p.projected.decimalString, daysElapsed: p.daysElapsed, days: p.period.dayCount,
              complete: p.isComplete, met: p.isMet)
    }
}
