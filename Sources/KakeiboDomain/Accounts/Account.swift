/// An account as the ledger knows it now.
public struct Account: Hashable, Sendable {
    public var id: String
    public var name: AccountName
    public var type: AccountType
    public var currency: Currency
    public var isClosed: Bool
    /// An asset or liability account opened to hold several commodities (a brokerage account,
    /// or one an import saw posted in two): `currency` is then only its first.
    public var holdsAnyCommodity = false

    /// Whether an amount in `commodity` may be posted here: income, expense and equity accounts
    /// take any; asset and liability accounts their own, unless opened for any.
    public func accepts(_ commodity: Commodity) -> Bool {
        // By code: USD whose stored precision grew (`CommodityPrecisionGrown`) is the same currency.
        commodity.code == currency.code || holdsAnyCommodity || !type.holdsOneCommodity
    }

    public init(id: String, name: AccountName, type: AccountType, currency: Currency, isClosed: Bool = false) {
        self.id = id
        self.name = name
        self.type = type
        self.currency = currency
        self.isClosed = isClosed
    }
}
