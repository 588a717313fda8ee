extension LedgerCommand {
    /// `assertBalance`: what a statement says an account held at the end of `date`. The amount
    /// stays text until the decider knows the account's commodity, as every amount does.
    public struct BalanceAssertionInput: Hashable, Sendable {
        public var account: String
        public var date: LocalDate
        /// A plain decimal with "." as the mark, in the account's commodity unless `currency` is given.
        public var amount: String
        public var currency: Currency?
        /// The statement file and line it was read from; nil when typed.
        public var statement: String?
        public init(account: String, date: LocalDate, amount: String, currency: Currency? = nil, statement: String? = nil) {
            self.account = account; self.date = date; self.amount = amount; self.currency = currency; self.statement = statement
        }
    }
}
