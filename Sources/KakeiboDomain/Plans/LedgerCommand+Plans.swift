// Inputs of the plan commands: budgets and income goals.

extension LedgerCommand {
    /// A budget for an expense category (`groceries` or `expenses:food:groceries`).
    public struct BudgetInput: Hashable, Sendable {
        public var category: String
        public var amount: String
        public var length: PeriodLength
        public var rollover: Rollover
        /// Default: today; the budget applies to the whole period this date falls in.
        public var from: LocalDate?
        public init(category: String, amount: String, length: PeriodLength = .monthly, rollover: Rollover = .none,
                    from: LocalDate? = nil) {
            self.category = category; self.amount = amount; self.length = length; self.rollover = rollover; self.from = from
        }
    }

    /// An income goal per week or month, in the ledger's base currency unless given.
    public struct GoalInput: Hashable, Sendable {
        public var amount: String
        public var length: PeriodLength
        public var currency: Currency?
        public var from: LocalDate?
        public init(amount: String, length: PeriodLength = .monthly, currency: Currency? = nil, from: LocalDate? = nil) {
            self.amount = amount; self.length = length; self.currency = currency; self.from = from
        }
    }
}
