import KakeiboDomain

/// Push and adopt bodies read with the ledger's own JSON parser (`JSONValue.parse`) instead of Foundation's
/// `JSONDecoder`, as pull pages are (`EventPage(wire:)`).
///
/// Why: adopting 100,004 events in 201 requests of 500, the server spent 13 % of its 9.2 CPU-seconds in
/// `JSONDecoder` reading the bodies, more than its fold (12 %) (perf record -a at 199 Hz, release, `sync-figures.sh`
/// set-up, load 6). A body it cannot read (a field missing or of another type, text the strict parser refuses) is
/// read by `JSONDecoder` after all, whose error names what is wrong, so what is accepted and refused is unchanged.
extension AdoptRequest {
    public init?(wire bytes: [UInt8]) {
        guard let value = try? JSONValue.parse(bytes), case .object(let fields) = value,
              case .string(let deviceId)? = fields["deviceId"], case .array(let rows)? = fields["events"] else { return nil }
        var events: [CanonicalEvent] = []
        events.reserveCapacity(rows.count)
        for row in rows {
            guard case .object(let event) = row, let parsed = CanonicalEvent(wire: event) else { return nil }
            events.append(parsed)
        }
        self.init(deviceId: deviceId, events: events)
    }
}

extension PushRequest {
    public init?(wire bytes: [UInt8]) {
        guard let value = try? JSONValue.parse(bytes), case .object(let fields) = value,
              case .string(let deviceId)? = fields["deviceId"], case .array(let rows)? = fields["events"] else { return nil }
        let basedOn: Int64?
        switch fields["basedOn"] {
        case nil, .null?: basedOn = nil
        case .int(let position)?: basedOn = position
        default: return nil
        }
        var events: [PendingEvent] = []
        events.reserveCapacity(rows.count)
        for row in rows {
            guard case .object(let event) = row, let parsed = PendingEvent(wire: event) else { return nil }
            events.append(parsed)
        }
        self.init(deviceId: deviceId, events: events, basedOn: basedOn)
    }
}

extension PendingEvent {
    /// The event of one pushed row; nil when a field is missing or of another type than `Codable` would read.
    init?(wire fields: [String: JSONValue]) {
        let wire = WireFields(fields: fields)
        let int = wire.int, text = wire.text, optional = wire.optional
        guard let eventId = text("eventId"), let deviceSeq = int("deviceSeq"), let devicePrevHash = text("devicePrevHash"),
              let originHash = text("originHash"), let stream = text("stream"), let parentEventId = optional("parentEventId"),
              let type = text("type"), let schemaVersion = int("schemaVersion"), let occurredOn = optional("occurredOn"),
              let recordedAt = int("recordedAt"), let source = text("source"), let provenance = optional("provenance"),
              let actor = text("actor"), let commandId = text("commandId"), let idempotencyKey = optional("idempotencyKey"),
              let commandHash = optional("commandHash"), let payload = text("payload") else { return nil }
        self.eventId = eventId; self.deviceSeq = deviceSeq; self.devicePrevHash = devicePrevHash; self.originHash = originHash
        self.stream = stream; self.parentEventId = parentEventId; self.type = type; self.schemaVersion = schemaVersion
        self.occurredOn = occurredOn; self.recordedAt = recordedAt; self.source = source; self.provenance = provenance
        self.actor = actor; self.commandId = commandId; self.idempotencyKey = idempotencyKey; self.commandHash = commandHash
        self.payload = payload
    }
}
