/// How long a budget or an income goal period is: an ISO week (Monday to Sunday) or a calendar month.
public enum PeriodLength: String, Sendable, CaseIterable {
    case weekly, monthly

    /// The period of this length that contains `date`.
    public func period(containing date: LocalDate) -> PlanPeriod {
        switch self {
        case .monthly: PlanPeriod(length: .monthly, start: date.firstOfMonth)
        case .weekly: PlanPeriod(length: .weekly, start: date.adding(days: 1 - date.weekday))
        }
    }
}
