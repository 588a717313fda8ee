/// An event as stored in the log: its place, its provenance and its link in the hash chain.
public struct EventEnvelope: Hashable, Sendable {
    public var position: Int64
    public var eventID: String
    public var stream: String
    public var streamVersion: Int64
    public var type: String
    public var schemaVersion: Int64
    /// The day the event is about. Stored as `LocalDate.description`; see `LocalDate(stored:)`.
    public var occurredOn: LocalDate?
    /// Unix milliseconds from the ledger's clock.
    public var recordedAt: Int64
    public var source: EventSource
    /// Where in the source the event came from (`statement.csv:12`, a receipt id), if anywhere.
    public var provenance: String?
    public var actor: String
    public var commandID: String
    public var idempotencyKey: String?
    /// Hex SHA-256 of the command that produced the event, on the first event of a keyed command.
    public var commandHash: String?
    public var payload: JSONValue

    public init(position: Int64, eventID: String, stream: String, streamVersion: Int64, type: String,
                schemaVersion: Int64, occurredOn: LocalDate?, recordedAt: Int64, source: EventSource, provenance: String? = nil, actor: String,
                commandID: String, idempotencyKey: String?, commandHash: String?, payload: JSONValue) {
        self.position = position; self.eventID = eventID; self.stream = stream
        self.streamVersion = streamVersion; self.type = type; self.schemaVersion = schemaVersion
        self.occurredOn = occurredOn; self.recordedAt = recordedAt; self.source = source
        self.provenance = provenance
        self.actor = actor; self.commandID = commandID; self.idempotencyKey = idempotencyKey
        self.commandHash = commandHash; self.payload = payload
    }

    /// The envelope's part of what the hash chain covers: every field but the payload, as
    /// canonical JSON. The chain hashes these bytes followed by the payload's canonical bytes,
    /// so a payload is serialized once per append and verified as stored.
    public var canonicalHeaderBytes: [UInt8] {
        // Members in canonical key order; `canonicalHeaderMatchesDictionaryEncoding` checks it.
        CanonicalWriter.encodeObject { writer in
            writer.member("actor", .string(actor))
            writer.member("commandHash", commandHash.map(JSONValue.string) ?? .null)
            writer.member("commandId", .string(commandID))
            writer.member("eventId", .string(eventID))
            writer.member("idempotencyKey", idempotencyKey.map(JSONValue.string) ?? .null)
            writer.member("occurredOn", occurredOn.map { .string($0.description) } ?? .null)
            writer.member("position", .int(position))
            writer.member("provenance", provenance.map(JSONValue.string) ?? .null)
            writer.member("recordedAt", .int(recordedAt))
            writer.member("schemaVersion", .int(schemaVersion))
            writer.member("source", .string(source.rawValue))
            writer.member("stream", .string(stream))
            writer.member("streamVersion", .int(streamVersion))
            writer.member("type", .string(type))
        }
    }

    /// The header as a JSON object: what `canonicalHeaderBytes` encodes.
    public var headerObject: JSONValue {
        .object([
            "position": .int(position), "eventId": .string(eventID), "stream": .string(stream),
            "streamVersion": .int(streamVersion), "type": .string(type),
            "schemaVersion": .int(schemaVersion), "recordedAt": .int(recordedAt),
            "source": .string(source.rawValue), "actor": .string(actor), "commandId": .string(commandID),
            "occurredOn": occurredOn.map { .string($0.description) } ?? .null,
            "idempotencyKey": idempotencyKey.map(JSONValue.string) ?? .null,
            "commandHash": commandHash.map(JSONValue.string) ?? .null,
            "provenance": provenance.map(JSONValue.string) ?? .null,
        ])
    }

    /// Decodes the payload into the catalog's event.
    public func event() throws(LedgerError) -> LedgerEvent {
        try LedgerEvent(type: type, schemaVersion: schemaVersion, payload: payload)
    }
}
