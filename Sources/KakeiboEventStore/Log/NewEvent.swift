import KakeiboDomain

/// An event about to be appended: everything but its position and its hash.
public struct NewEvent: Hashable, Sendable {
    public var eventID: String
    public var stream: String
    public var type: String
    public var schemaVersion: Int64
    public var occurredOn: LocalDate?
    public var payload: JSONValue

    public init(eventID: String, stream: String, type: String, schemaVersion: Int64 = 1,
                occurredOn: LocalDate? = nil, payload: JSONValue) {
        self.eventID = eventID
        self.stream = stream
        self.type = type
        self.schemaVersion = schemaVersion
        self.occurredOn = occurredOn
        self.payload = payload
    }
}

/// Who appends, when, from where, and as part of which user action.
public struct AppendMetadata: Hashable, Sendable {
    public var recordedAt: Int64
    public var source: EventSource
    /// Where in the source: a file and line, a receipt id.
    public var provenance: String?
    public var actor: String
    public var commandID: String
    public var idempotencyKey: String?
    /// SHA-256 of the command (32 bytes, stored as they are); tells a retry from a different
    /// command under the same key. The envelope shows it in hex, as the hash chain covers it.
    public var commandHash: [UInt8]?

    public init(recordedAt: Int64, source: EventSource, provenance: String? = nil, actor: String, commandID: String,
                idempotencyKey: String? = nil, commandHash: [UInt8]? = nil) {
        self.recordedAt = recordedAt
        self.source = source
        self.provenance = provenance
        self.actor = actor
        self.commandID = commandID
        self.idempotencyKey = idempotencyKey
        self.commandHash = commandHash
    }
}

/// What an append did.
public enum AppendOutcome: Hashable, Sendable {
    case appended([EventEnvelope])
    /// The same command or events were already in the log: nothing was appended.
    case alreadyRecorded(positions: [Int64])
}
