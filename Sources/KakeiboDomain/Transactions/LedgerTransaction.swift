/// A transaction's current state: the result of its recording and every edit since.
public struct LedgerTransaction: Hashable, Sendable {
    public var id: String
    public var kind: TransactionKind
    public var date: LocalDate
    public var payee: String?
    public var memo: String?
    /// For simple kinds, line 0 receives the amount (`to`) and line 1 gives it (`from`).
    public var postings: [Posting]
    public var isVoided: Bool
    /// The version of the transaction's stream: how many events it has.
    public var version: Int
    /// A journal's `*`/`!` and `(code)`, as recorded (issue 29, B12).
    public var status: TransactionStatus? = nil
    public var code: String? = nil

    public init(id: String, kind: TransactionKind, date: LocalDate, payee: String?, memo: String?,
                postings: [Posting], isVoided: Bool = false, version: Int = 1) {
        self.id = id
        self.kind = kind
        self.date = date
        self.payee = payee
        self.memo = memo
        self.postings = postings
        self.isVoided = isVoided
        self.version = version
    }

    /// The stream that holds this transaction's events.
    public static func stream(for id: String) -> String { "txn-" + id }

    /// Postings for a simple transfer of `amount` from one account to another.
    public static func simplePostings(amount: Money, from: String, to: String) throws(MoneyError) -> [Posting] {
        [Posting(accountID: to, amount: amount), Posting(accountID: from, amount: try amount.negated())]
    }

    // MARK: - Simple-kind accessors

    public var amount: Money? { kind.isSimple ? postings.first?.amount : nil }
    public var toAccountID: String? { kind.isSimple ? postings.first?.accountID : nil }
    public var fromAccountID: String? { kind.isSimple ? postings.last?.accountID : nil }
}
