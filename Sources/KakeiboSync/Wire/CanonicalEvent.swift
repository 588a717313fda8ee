import KakeiboDomain
import KakeiboEventStore

/// An event as the server sequenced it: the same fields, bytes and hash on the server and on
/// every device. The payload travels as the text of its canonical bytes, so no JSON layer on the
/// way (ours, Foundation's, a proxy's) can reorder its keys: the hash covers exactly these bytes.
public struct CanonicalEvent: Codable, Hashable, Sendable {
    public var position: Int64
    public var eventId: String
    public var stream: String
    public var streamVersion: Int64
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
    /// The canonical payload, as stored in the log's `payload` column.
    public var payload: String
    public var previousHash: String
    public var hash: String

    public init(envelope: EventEnvelope, payload: String, previousHash: String, hash: String) {
        position = envelope.position; eventId = envelope.eventID; stream = envelope.stream
        streamVersion = envelope.streamVersion; type = envelope.type; schemaVersion = envelope.schemaVersion
        occurredOn = envelope.occurredOn?.description; recordedAt = envelope.recordedAt; source = envelope.source.rawValue
        provenance = envelope.provenance; actor = envelope.actor; commandId = envelope.commandID
        idempotencyKey = envelope.idempotencyKey; commandHash = envelope.commandHash
        self.payload = payload; self.previousHash = previousHash; self.hash = hash
    }

    /// The envelope the hash chain covers. The payload is parsed only to fill the envelope;
    /// hashing uses `payload`'s own bytes. A date not in its stored form is refused, as the
    /// log refuses it (`LocalDate(stored:)`): it would hash as a text it is not.
    public func envelope() throws -> EventEnvelope {
        try envelope(payload: try JSONValue.parse(Array(payload.utf8)))
    }

    /// `envelope()` with the payload already parsed.
    func envelope(payload parsed: JSONValue) throws -> EventEnvelope {
        EventEnvelope(position: position, eventID: eventId, stream: stream, streamVersion: streamVersion, type: type,
                      schemaVersion: schemaVersion, occurredOn: try occurredOn.map(LocalDate.init(stored:)), recordedAt: recordedAt,
                      source: EventSource(rawValue: source),
                      provenance: provenance, actor: actor, commandID: commandId, idempotencyKey: idempotencyKey,
                      commandHash: commandHash, payload: parsed)
    }

    /// The hash of this event's content after `previous`, by the log's own formula.
    public func computedHash(previous: [UInt8]) throws -> [UInt8] {
        EventHasher.hash(previous: previous, envelope: try envelope(), payload: Array(payload.utf8))
    }

    /// Why this event does not follow `previousHex` at `position`, or nil when it does and its
    /// hash is the hash of its content.
    public func chainProblem(expectedPosition: Int64, previousHex: String) -> String? {
        if case .problem(let text) = check(expectedPosition: expectedPosition, previousHex: previousHex) { return text }
        return nil
    }

    /// What `chainProblem` finds: a problem, or the envelope it parsed and the two hashes as bytes, so a caller
    /// that goes on to store the event (a clone) does not parse its payload and hex again.
    enum ChainCheck {
        case problem(String)
        case sound(EventEnvelope, previousHash: [UInt8], hash: [UInt8])
    }

    func check(expectedPosition: Int64, previousHex: String) -> ChainCheck {
        guard position == expectedPosition else { return .problem("expected position \(expectedPosition), got \(position)") }
        guard previousHash == previousHex else { return .problem("previous hash \(previousHash) does not match \(previousHex)") }
        guard let previous = Hex.bytes(previousHash), previous.count == 32 else { return .problem("previous hash is not 64 hex digits") }
        // The payload is parsed once for both the hash and the canonical check (each parse was ~4 % of a clone's CPU).
        let bytes = Array(payload.utf8)
        let computed: [UInt8]
        let parsed: JSONValue
        let envelope: EventEnvelope
        do {
            parsed = try JSONValue.parse(bytes)
            envelope = try self.envelope(payload: parsed)
            computed = EventHasher.hash(previous: previous, envelope: envelope, payload: bytes)
        } catch let error as DateError {
            return .problem("occurredOn: \(error)")
        } catch {
            return .problem("payload is not canonical JSON")
        }
        guard EventHasher.hex(computed) == hash else { return .problem("hash \(hash) is not the hash of the event's content") }
        guard payload == parsed.canonicalString() else {
            return .problem("payload bytes are not canonical")
        }
        return .sound(envelope, previousHash: previous, hash: computed)
    }
}
