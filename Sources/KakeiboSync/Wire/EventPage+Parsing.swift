import Foundation
import KakeiboDomain

/// A pull page read with the ledger's own JSON parser (`JSONValue.parse`) instead of Foundation's `JSONDecoder`.
///
/// Why: cloning 100,004 events spent 15 % of the client's CPU in `JSONDecoder` reading the pages (perf, release,
/// `Tests/Postgres/sync-figures.sh`), ~25 ms a 2 MB page, next to a fold of ~80 ms; the strict byte parser the log's
/// payloads already go through reads the same page in a fraction of that. Any page it cannot read as an `EventPage`
/// (a field missing or of another type) is read by `JSONDecoder` after all, whose error names what is wrong.
extension EventPage {
    init?(wire data: Data) {
        guard let value = try? data.withUnsafeBytes({ raw in try JSONValue.parse(Array(raw.bindMemory(to: UInt8.self))) }),
              case .array(let rows)? = value["events"], case .object(let head)? = value["head"],
              case .int(let headPosition)? = head["position"], case .string(let headHash)? = head["hash"],
              case .bool(let more)? = value["more"] else { return nil }
        var events: [CanonicalEvent] = []
        events.reserveCapacity(rows.count)
        for row in rows {
            guard case .object(let fields) = row, let event = CanonicalEvent(wire: fields) else { return nil }
            events.append(event)
        }
        self.init(events: events, head: LedgerHead(position: headPosition, hash: headHash), more: more)
    }
}

extension CanonicalEvent {
    /// The event of one page row; nil when a field is missing or of another type than `Codable` would read.
    init?(wire fields: [String: JSONValue]) {
        let wire = WireFields(fields: fields)
        let int = wire.int, text = wire.text, optional = wire.optional
        guard let position = int("position"), let eventId = text("eventId"), let stream = text("stream"),
              let streamVersion = int("streamVersion"), let type = text("type"), let schemaVersion = int("schemaVersion"),
              let occurredOn = optional("occurredOn"), let recordedAt = int("recordedAt"), let source = text("source"),
              let provenance = optional("provenance"), let actor = text("actor"), let commandId = text("commandId"),
              let idempotencyKey = optional("idempotencyKey"), let commandHash = optional("commandHash"),
              let payload = text("payload"), let previousHash = text("previousHash"), let hash = text("hash") else { return nil }
        self.position = position; self.eventId = eventId; self.stream = stream; self.streamVersion = streamVersion
        self.type = type; self.schemaVersion = schemaVersion; self.occurredOn = occurredOn; self.recordedAt = recordedAt
        self.source = source; self.provenance = provenance; self.actor = actor; self.commandId = commandId
        self.idempotencyKey = idempotencyKey; self.commandHash = commandHash; self.payload = payload
        self.previousHash = previousHash; self.hash = hash
    }
}
