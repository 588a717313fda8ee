/// What a transaction was recorded as; decides which fields an edit may change.
public enum TransactionKind: String, Sendable, CaseIterable {
    case expense, income, transfer
    /// A general transaction with any number of postings (splits).
    case general

    /// Simple kinds move one amount from one account to another.
    public var isSimple: Bool { self != .general }

    /// "an expense", "a transfer": for messages.
    public var article: String { self == .expense || self == .income ? "an" : "a" }
}
