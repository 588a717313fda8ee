// Payloads of the plan events: budgets per category and income goals.

extension LedgerEvent {
    /// A budget for an expense category from a date on; it replaces any earlier one from that date.
    public struct BudgetSet: Hashable, Sendable {
        public var accountID: String
        public var length: PeriodLength
        public var amount: Money
        public var effectiveFrom: LocalDate
        public var rollover: Rollover
        public init(accountID: String, length: PeriodLength, amount: Money, effectiveFrom: LocalDate, rollover: Rollover) {
            self.accountID = accountID; self.length = length; self.amount = amount
            self.effectiveFrom = effectiveFrom; self.rollover = rollover
        }
    }

    /// No budget for a category from the period containing `effectiveFrom` on.
    public struct BudgetCleared: Hashable, Sendable {
        public var accountID: String
        public var effectiveFrom: LocalDate
        public init(accountID: String, effectiveFrom: LocalDate) {
            self.accountID = accountID; self.effectiveFrom = effectiveFrom
        }
    }

    /// An income goal per week or month from a date on.
    public struct IncomeGoalSet: Hashable, Sendable {
        public var length: PeriodLength
        public var amount: Money
        public var effectiveFrom: LocalDate
        public init(length: PeriodLength, amount: Money, effectiveFrom: LocalDate) {
            self.length = length; self.amount = amount; self.effectiveFrom = effectiveFrom
        }
    }
}
