/// One `IncomeGoalSet`, as the goals projection keeps it. Like budgets, the goal for a period is
/// the last one recorded whose date falls on or before the period's end.
public struct IncomeGoal: Hashable, Sendable {
    public var position: Int64
    public var length: PeriodLength
    public var amount: Money
    public var effectiveFrom: LocalDate

    public init(position: Int64, length: PeriodLength, amount: Money, effectiveFrom: LocalDate) {
        self.position = position; self.length = length; self.amount = amount; self.effectiveFrom = effectiveFrom
    }
}

extension Collection<IncomeGoal> {
    /// The goal in force for `period`, whatever its length.
    public func inForce(for period: PlanPeriod) -> IncomeGoal? {
        var best: IncomeGoal?
        for goal in self where goal.effectiveFrom <= period.end {
            if best == nil || goal.position > best!.position { best = goal }
        }
        return best
    }
}
