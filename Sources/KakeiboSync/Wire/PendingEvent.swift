import Crypto
import KakeiboDomain
import KakeiboEventStore

/// An event a device recorded that the server has not sequenced yet, as pushed: everything but
/// position, stream version and hash, plus its link in the device's own chain.
///
/// `originHash = SHA-256(devicePrevHash ‖ canonical origin header ‖ payload)`: the device chain
/// proves a device's history was neither reordered nor truncated, and lets the server refuse a
/// restored old copy of a device's file (its `deviceSeq` no longer extends what the server holds).
public struct PendingEvent: Codable, Hashable, Sendable {
    public var eventId: String
    public var deviceSeq: Int64
    public var devicePrevHash: String
    public var originHash: String
    public var stream: String
    /// The stream's latest event as the device saw it when deciding this one (nil: a new stream).
    public var parentEventId: String?
    public var type: String
    public var schemaVersion: Int64
    public var occurredOn: String?
    public var recordedAt: Int64
    public var source: String
    public var provenance: String?
    public var actor: String
    public var commandId: String
    public var idempotencyKey: String?
    public var commandHash: String?
    public var payload: String

    /// Builds the pushed form of a locally recorded event and links it into the device chain.
    public init(envelope: EventEnvelope, payload: String, parentEventId: String?,
                deviceId: String, deviceSeq: Int64, devicePrevHash: String) {
        eventId = envelope.eventID; stream = envelope.stream; self.parentEventId = parentEventId
        type = envelope.type; schemaVersion = envelope.schemaVersion; occurredOn = envelope.occurredOn?.description
        recordedAt = envelope.recordedAt; source = envelope.source.rawValue; provenance = envelope.provenance
        actor = envelope.actor; commandId = envelope.commandID; idempotencyKey = envelope.idempotencyKey
        commandHash = envelope.commandHash; self.payload = payload
        self.deviceSeq = deviceSeq; self.devicePrevHash = devicePrevHash
        originHash = ""
        originHash = computedOriginHash(deviceId: deviceId)
    }

    /// The origin header: what the device decided, without what only the server can assign.
    public func originHeaderBytes(deviceId: String) -> [UInt8] {
        JSONValue.object([
            "actor": .string(actor), "commandHash": commandHash.map(JSONValue.string) ?? .null,
            "commandId": .string(commandId), "deviceId": .string(deviceId), "deviceSeq": .int(deviceSeq),
            "eventId": .string(eventId), "idempotencyKey": idempotencyKey.map(JSONValue.string) ?? .null,
            "occurredOn": occurredOn.map(JSONValue.string) ?? .null,
            "parentEventId": parentEventId.map(JSONValue.string) ?? .null,
            "provenance": provenance.map(JSONValue.string) ?? .null, "recordedAt": .int(recordedAt),
            "schemaVersion": .int(schemaVersion), "source": .string(source), "stream": .string(stream),
            "type": .string(type),
        ]).canonicalBytes()
    }

    public func computedOriginHash(deviceId: String) -> String {
        var hasher = SHA256()
        hasher.update(data: Hex.bytes(devicePrevHash) ?? [])
        hasher.update(data: originHeaderBytes(deviceId: deviceId))
        hasher.update(data: Array(payload.utf8))
        return EventHasher.hex(hasher.finalize())
    }

    /// The envelope this event gets once sequenced at `position` as version `streamVersion`.
    public func envelope(position: Int64, streamVersion: Int64) throws -> EventEnvelope {
        EventEnvelope(position: position, eventID: eventId, stream: stream, streamVersion: streamVersion, type: type,
                      schemaVersion: schemaVersion, occurredOn: try occurredOn.map(LocalDate.init(stored:)), recordedAt: recordedAt,
                      source: EventSource(rawValue: source),
                      provenance: provenance, actor: actor, commandID: commandId, idempotencyKey: idempotencyKey,
                      commandHash: commandHash, payload: try JSONValue.parse(Array(payload.utf8)))
    }
}
