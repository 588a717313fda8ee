import KakeiboDomain

/// One posting on the account being reconciled, as `reconcile` reads it: its transaction, line,
/// date, payee and amount, and its mark as hledger reads one (the posting's own, else its
/// transaction's).
public struct ReconcilePosting: Hashable, Sendable {
    public var transactionID: String
    public var line: Int
    public var date: LocalDate
    public var payee: String?
    public var amount: Money
    public var status: TransactionStatus?
    public var isLocked: Bool
}
