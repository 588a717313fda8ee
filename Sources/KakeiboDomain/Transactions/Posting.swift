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
    /// hledger's virtual postings: `(account)` need not balance, `[account]` balance among
    /// themselves. Nil for a real posting, and then omitted from its payload.
    public var virtual: PostingVirtuality? = nil
    /// The account name as a journal wrote it, when an `alias` directive mapped it to this
    /// posting's account: the event keeps both. Nil otherwise, and then omitted from its payload.
    public var accountAsWritten: String? = nil
    /// The lot a posting acquires (`10 VTI {$210.00}`) or the lots a disposal took (issue 36);
    /// nil for every other posting, and then omitted from its payload.
    public var lot: PostingLot? = nil
    /// Set on the posting the decider adds to the gains account for a disposal's realised gain
    /// or loss; unlike a conversion posting it is real income, so exports write it.
    public var isGeneratedGain = false
    /// hledger's posting mark, `  * assets:bank  $5`: cleared or pending on this posting alone.
    /// Nil when unmarked, and then the transaction's mark stands for it (`effectiveStatus`, as in
    /// hledger). Set by a journal as written, or later by `PostingsMarked` (issue 32).
    public var status: TransactionStatus? = nil
    /// `PostingsLocked`: agreed with a statement; not in any payload (the lock is its own event).
    public var isLocked = false

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

/// Why a posting is virtual: hledger's `(account)` and `[account]`.
public enum PostingVirtuality: String, Hashable, Sendable {
    /// `(account)`: moves money in that account alone; balances with nothing.
    case unbalanced
    /// `[account]`: the bracketed postings of a transaction balance among themselves.
    case balanced
}

extension Array where Element == Posting {
    /// The per-currency sums that are not zero; empty when the postings balance. Real postings
    /// must sum to zero, and so must the balanced virtual ones among themselves; unbalanced
    /// virtual postings are left out, as in hledger.
    public func imbalances() throws(MoneyError) -> [Money] {
        var real: [Currency: Money] = [:]
        var bracketed: [Currency: Money] = [:]
        for posting in self {
            switch posting.virtual {
            case nil: real[posting.amount.currency] = try (real[posting.amount.currency] ?? .zero(posting.amount.currency)).adding(posting.amount)
            case .balanced?:
                bracketed[posting.amount.currency] = try (bracketed[posting.amount.currency] ?? .zero(posting.amount.currency)).adding(posting.amount)
            case .unbalanced?: continue
            }
        }
        return (real.values.filter { !$0.isZero }.sorted { $0.currency < $1.currency })
            + bracketed.values.filter { !$0.isZero }.sorted { $0.currency < $1.currency }
    }
}
