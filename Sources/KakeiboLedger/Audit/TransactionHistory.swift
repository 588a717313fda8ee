import KakeiboDomain

/// Who changed a transaction, when, from which source, and each field before and after.
public struct TransactionHistory: Hashable, Sendable {
    public struct Change: Hashable, Sendable {
        public var field: String
        /// Nil when the field had no value (always so for the recording event).
        public var before: String?
        public var after: String?
    }

    public struct Entry: Hashable, Sendable {
        public var position: Int64
        public var type: String
        /// Unix milliseconds.
        public var recordedAt: Int64
        public var actor: String
        /// Where the change came from (manual, receipt, an import, the server); an unknown stored
        /// source reads back as written.
        public var source: EventSource
        public var provenance: String?
        public var reason: String?
        public var changes: [Change]
        /// The chain hash of this event, so an entry can be checked against the log.
        public var hash: String
    }

    public var transactionID: String
    public var kind: TransactionKind
    public var isVoided: Bool
    public var entries: [Entry]
}
