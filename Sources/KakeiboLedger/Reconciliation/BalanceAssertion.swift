import KakeiboDomain

/// A balance a statement stated for an account at the end of a day (`BalanceAsserted`), as the
/// projection keeps it: what `reconcile` starts from and the exports write as assertions.
public struct BalanceAssertion: Hashable, Sendable {
    public var account: AccountName
    public var date: LocalDate
    public var amount: Money
    /// The statement file and line it was read from; nil when typed.
    public var statement: String?
    public var position: Int64
    public init(account: AccountName, date: LocalDate, amount: Money, statement: String?, position: Int64) {
        self.account = account; self.date = date; self.amount = amount; self.statement = statement; self.position = position
    }
}
