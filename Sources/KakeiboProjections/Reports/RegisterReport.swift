import KakeiboDomain

/// Postings to an account (and its children) in date order, with a running balance.
public struct RegisterReport: Hashable, Sendable {
    public struct Posted: Hashable, Sendable {
        public var date: LocalDate
        public var transactionID: String
        /// Orders postings of the same date by when they were recorded.
        public var firstPosition: Int64
        public var line: Int
        /// The payee, or the memo when there is no payee (transfers).
        public var payee: String?
        public var account: AccountName
        public var amount: Money
        /// The transaction's `*`/`!` and `(code)`, from a journal (issue 29, B12).
        public var status: TransactionStatus? = nil
        public var code: String? = nil

        public init(date: LocalDate, transactionID: String, firstPosition: Int64, line: Int, payee: String?,
                    account: AccountName, amount: Money) {
            self.date = date; self.transactionID = transactionID; self.firstPosition = firstPosition
            self.line = line; self.payee = payee; self.account = account; self.amount = amount
        }
    }

    public struct Entry: Hashable, Sendable {
        public var posted: Posted
        /// The balance in the posting's currency after it.
        public var runningBalance: Money
    }

    public var entries: [Entry]

    /// A dated note: a transaction with no postings (hledger keeps them; so does a journal import).
    public struct Note: Hashable, Sendable {
        public var date: LocalDate
        public var transactionID: String
        public var firstPosition: Int64
        public var payee: String?
        public var status: TransactionStatus? = nil
        public var code: String? = nil
        public init(date: LocalDate, transactionID: String, firstPosition: Int64, payee: String?) {
            self.date = date; self.transactionID = transactionID; self.firstPosition = firstPosition; self.payee = payee
        }
    }

    /// Notes in the register's range, in date then recording order; they move no balance.
    public var notes: [Note] = []

    /// Entries and notes in one date order, for printing: a note is `(nil, note)`.
    public var rows: [(entry: Entry?, note: Note?)] {
        var result: [(entry: Entry?, note: Note?)] = []
        var pending = notes[...]
        for entry in entries {
            while let note = pending.first, (note.date, note.firstPosition) < (entry.posted.date, entry.posted.firstPosition) {
                result.append((nil, note)); pending = pending.dropFirst()
            }
            result.append((entry, nil))
        }
        result += pending.map { (nil, $0) }
        return result
    }

    public init(postings: [Posted]) throws {
        var running: [Currency: Money] = [:]
        entries = []
        for posted in postings.sorted(by: { ($0.date, $0.firstPosition, $0.line) < ($1.date, $1.firstPosition, $1.line) }) {
            let currency = posted.amount.currency
            let balance = try (running[currency] ?? .zero(currency)).adding(posted.amount)
            running[currency] = balance
            entries.append(Entry(posted: posted, runningBalance: balance))
        }
    }
}
