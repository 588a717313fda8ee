/// An account as the ledger knows it now.
public struct Account: Hashable, Sendable {
    public var id: String
    public var name: AccountName
    public var type: AccountType
    public var currency: Currency
    public var isClosed: Bool

    public init(id: String, name: AccountName, type: AccountType, currency: Currency, isClosed: Bool = false) {
        self.id = id
        self.name = name
        self.type = type
        self.currency = currency
        self.isClosed = isClosed
    }
}
