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
    /// The full name of the category `suggestion` applied, resolved by the decider, so a front
    /// end can say where the expense went without reading the accounts again.
    public var suggestedCategory: String?
    /// The events the command appended, or those already recorded for it, in log order: what a
    /// caller shows (a receipt's scan and expense) without reading the log back.
    public var events: [LedgerEvent] = []
    /// The envelopes of `events`: positions, ids, provenance, hashes' inputs.
    public var envelopes: [EventEnvelope] = []

    public init(transactionID: String?, positions: [Int64], alreadyRecorded: Bool) {
        self.transactionID = transactionID
        self.positions = positions
        self.alreadyRecorded = alreadyRecorded
    }

    /// What appending `decision` as `envelopes` did.
    init(decision: Decision, envelopes: [EventEnvelope]) {
        self.init(transactionID: decision.transactionID, positions: envelopes.map(\.position), alreadyRecorded: false)
        accountID = decision.accountID
        suggestion = decision.suggestion
        suggestedCategory = decision.suggestedCategory?.rawValue
        events = decision.events
        self.envelopes = envelopes
    }

    /// A retry: the command's events were recorded earlier, and these are they.
    init(alreadyRecorded envelopes: [EventEnvelope], events: [LedgerEvent]) {
        self.init(transactionID: events.lazy.compactMap(\.transactionID).first, positions: envelopes.map(\.position),
                  alreadyRecorded: true)
        accountID = events.lazy.compactMap(\.accountID).first
        self.events = events
        self.envelopes = envelopes
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
    /// content digest they already computed; without one the ledger uses the command's canonical
    /// JSON (`LedgerCommand.canonicalJSON`). Either way the log stores the SHA-256 of it.
    public var fingerprint: String?

    public init(source: EventSource = .manual, provenance: String? = nil, idempotencyKey: String? = nil,
                fingerprint: String? = nil) {
        self.fingerprint = fingerprint
        self.source = source
        self.provenance = provenance
        self.idempotencyKey = idempotencyKey
    }
}
