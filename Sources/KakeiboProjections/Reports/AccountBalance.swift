import KakeiboDomain

/// One account's own balance in one currency (children not included).
public struct AccountBalance: Hashable, Sendable {
    public var account: AccountName
    public var type: AccountType
    public var amount: Money

    public init(account: AccountName, type: AccountType, amount: Money) {
        self.account = account
        self.type = type
        self.amount = amount
    }
}
