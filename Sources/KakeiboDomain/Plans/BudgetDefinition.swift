/// One `BudgetSet` or `BudgetCleared`, as the budgets projection keeps it.
///
/// Definitions are never merged or overwritten: the report picks, for each period, the last one
/// recorded whose date falls on or before the period's end, so a change applies to the whole
/// period it is dated in and a replay always picks the same one.
public struct BudgetDefinition: Hashable, Sendable {
    public var accountID: String
    /// The log position of the event: the order in which definitions were made.
    public var position: Int64
    public var effectiveFrom: LocalDate
    /// Nil for a clear.
    public var budget: Budget?

    public struct Budget: Hashable, Sendable {
        public var length: PeriodLength
        public var amount: Money
        public var rollover: Rollover
        public init(length: PeriodLength, amount: Money, rollover: Rollover) {
            self.length = length; self.amount = amount; self.rollover = rollover
        }
    }

    public init(accountID: String, position: Int64, effectiveFrom: LocalDate, budget: Budget?) {
        self.accountID = accountID; self.position = position; self.effectiveFrom = effectiveFrom; self.budget = budget
    }
}

extension Collection<BudgetDefinition> {
    /// The definition in force for `period`: the last recorded one dated on or before its end.
    public func inForce(for period: PlanPeriod) -> BudgetDefinition? {
        var best: BudgetDefinition?
        for definition in self where definition.effectiveFrom <= period.end {
            if best == nil || definition.position > best!.position { best = definition }
        }
        return best
    }
}
