/// One line of a transaction: an amount moved into (positive) or out of (negative) an account.
public struct Posting: Hashable, Sendable {
    public var accountID: String
    public var amount: Money
    public var memo: String?
    /// `@` or `@@` as written; nil for a plain posting (and omitted from its payload).
    public var cost: PostingCost? = nil
    /// Set on the two postings the decider adds per priced posting (to `equity:conversion:…`),
    /// so every stored event balances per commodity and an export can leave them out.
    public var isGeneratedConversion = false

    public init(accountID: String, amount: Money, memo: String? = nil) {
        self.accountID = accountID
        self.amount = amount
        self.memo = memo
    }

    public init(accountID: String, amount: Money, memo: String?, cost: PostingCost?, isGeneratedConversion: Bool = false) {
        self.init(accountID: accountID, amount: amount, memo: memo)
        self.cost = cost
        self.isGeneratedConversion = isGeneratedConversion
    }
}

extension Array where Element == Posting {
    /// The per-currency sums that are not zero; empty when the postings balance.
    public func imbalances() throws(MoneyError) -> [Money] {
        var sums: [Currency: Money] = [:]
        for posting in self {
            sums[posting.amount.currency] = try (sums[posting.amount.currency] ?? .zero(posting.amount.currency)).adding(posting.amount)
        }
        return sums.values.filter { !$0.isZero }.sorted { $0.currency < $1.currency }
    }
}
