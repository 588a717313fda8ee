import KakeiboDomain

/// One side of a payment between two of the household's accounts, as a bank statement brings it:
/// a live transaction of two postings, one on an asset or liability account and one on an income
/// or expense category (`expenses:unknown` for the checking account's debit, `income:unknown` for
/// the card's credit). `amount` is the posting on the account: negative when money left it.
public struct TransferSide: Hashable, Sendable {
    public var transactionID: String
    public var date: LocalDate
    public var accountID: String
    public var account: AccountName
    public var amount: Money
    public var payee: String?
    /// The category the other posting is on.
    public var counterAccount: AccountName
    /// The bank account's mark (cleared, pending), kept on the transfer that replaces the side.
    public var status: TransactionStatus?
    /// Log position of the transaction's first event: orders sides recorded on one day.
    public var position: Int64

    public init(transactionID: String, date: LocalDate, accountID: String, account: AccountName, amount: Money, payee: String?,
                counterAccount: AccountName, status: TransactionStatus? = nil, position: Int64 = 0) {
        self.transactionID = transactionID; self.date = date; self.accountID = accountID; self.account = account
        self.amount = amount; self.payee = payee; self.counterAccount = counterAccount; self.status = status; self.position = position
    }
}

/// A debit on one account and a credit of the same amount on another within a few days: one
/// payment seen from both ends, to be recorded once as a transfer.
public struct TransferPair: Hashable, Sendable {
    /// Money left `outgoing.account` (its amount is negative).
    public var outgoing: TransferSide
    /// Money reached `incoming.account` (its amount is positive).
    public var incoming: TransferSide

    public init(outgoing: TransferSide, incoming: TransferSide) {
        self.outgoing = outgoing; self.incoming = incoming
    }

    public var amount: Money { incoming.amount }
    public var daysApart: Int { abs(incoming.date.daysSinceEpoch - outgoing.date.daysSinceEpoch) }
}
