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
