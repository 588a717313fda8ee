import KakeiboDomain

/// What recording a command did.
public struct RecordResult: Hashable, Sendable {
    /// The transaction the command created or changed, if any.
    public var transactionID: String?
    /// The account a structure or budget command was about, when it made no transaction.
    public var accountID: String?
    /// Positions of the events appended, or of those already recorded for this command.
    public var positions: [Int64]
    /// True when the command had been recorded before and nothing was appended.
    public var alreadyRecorded: Bool
    /// What the category suggester decided for an expense recorded without a category.
    public var suggestion: AppliedSuggestion?

    public init(transactionID: String?, positions: [Int64], alreadyRecorded: Bool) {
        self.transactionID = transactionID
        self.positions = positions
        self.alreadyRecorded = alreadyRecorded
    }

    /// The last position the command reached.
    public var position: Int64 { positions.last ?? 0 }
}

/// How a command is recorded: provenance and retry safety.
public struct CommandOptions: Hashable, Sendable {
    public var source: EventSource
    /// Where in the source the command came from: `file.journal:42`, a receipt id.
    public var provenance: String?
    /// Sending the same command again with the same key appends nothing.
    public var idempotencyKey: String?
    /// What tells a retry under `idempotencyKey` from a different command. Importers pass the
    /// content digest they already computed; without one the ledger derives it from the command.
    public var fingerprint: String?

    public init(source: EventSource = .manual, provenance: String? = nil, idempotencyKey: String? = nil,
                fingerprint: String? = nil) {
        self.fingerprint = fingerprint
        self.source = source
        self.provenance = provenance
        self.idempotencyKey = idempotencyKey
    }
}
