/// One line of a transaction: an amount moved into (positive) or out of (negative) an account.
public struct Posting: Hashable, Sendable {
    public var accountID: String
    public var amount: Money
    public var memo: String?

    public init(accountID: String, amount: Money, memo: String? = nil) {
        self.accountID = accountID
        self.amount = amount
        self.memo = memo
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
