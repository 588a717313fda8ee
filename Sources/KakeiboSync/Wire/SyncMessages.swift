/// The protocol version both sides send in the `Kakeibo-Protocol` header; a mismatch is a 426.
public enum SyncProtocol {
    public static let version = 1
    public static let header = "Kakeibo-Protocol"
    /// Most events one push may carry, and most bytes its body may have (the notes' limits).
    public static let maxPushEvents = 1_000
    public static let maxBodyBytes = 4 << 20
}

public struct ServerInfo: Codable, Hashable, Sendable {
    public var `protocol`: Int
    public var server: String
    public init(protocol: Int, server: String) { self.protocol = `protocol`; self.server = server }
}

/// The last position of a ledger on the server and its hash (zeros for an empty ledger).
public struct LedgerHead: Codable, Hashable, Sendable {
    public var position: Int64
    public var hash: String
    public init(position: Int64, hash: String) { self.position = position; self.hash = hash }
}

/// One page of `GET …/events?after=N`.
public struct EventPage: Codable, Hashable, Sendable {
    public var events: [CanonicalEvent]
    public var head: LedgerHead
    public var more: Bool
    public init(events: [CanonicalEvent], head: LedgerHead, more: Bool) { self.events = events; self.head = head; self.more = more }
}

public struct PushRequest: Codable, Hashable, Sendable {
    public var deviceId: String
    public var events: [PendingEvent]
    /// The server position the device had synced to when it recorded these events: what their author
    /// saw, so an account opened under a name the device already knew is refused (`name-in-use`),
    /// while two devices opening one name while apart still merge. Absent: the server's head before
    /// the push (the strict reading).
    public var basedOn: Int64?
    public init(deviceId: String, events: [PendingEvent], basedOn: Int64? = nil) {
        self.deviceId = deviceId; self.events = events; self.basedOn = basedOn
    }
}

/// `POST …/adopt`: a whole existing log, uploaded unchanged into an empty server ledger.
public struct AdoptRequest: Codable, Hashable, Sendable {
    public var deviceId: String
    public var events: [CanonicalEvent]
    public init(deviceId: String, events: [CanonicalEvent]) { self.deviceId = deviceId; self.events = events }
}

public struct PushResult: Codable, Hashable, Sendable {
    /// `appended` (decided against the stream's head), `merged` (against an older event of the
    /// stream; appended after what came since) or `duplicate` (already sequenced: same answer again).
    public var eventId: String
    public var outcome: String
    public var position: Int64
    public var streamVersion: Int64
    public var hash: String
    public init(eventId: String, outcome: String, position: Int64, streamVersion: Int64, hash: String) {
        self.eventId = eventId; self.outcome = outcome; self.position = position
        self.streamVersion = streamVersion; self.hash = hash
    }
}

public struct PushResponse: Codable, Hashable, Sendable {
    public var results: [PushResult]
    public var generated: [CanonicalEvent]
    public var head: LedgerHead
    public init(results: [PushResult], generated: [CanonicalEvent] = [], head: LedgerHead) {
        self.results = results; self.generated = generated; self.head = head
    }
}

/// Every refusal: `{"error": code, "detail": text}` plus what the code needs to be acted on.
public struct WireError: Codable, Hashable, Sendable, Error {
    public var error: String
    public var detail: String
    public var expectedSeq: Int64?
    public var expectedPrevHash: String?
    public var eventId: String?
    /// For `invalid-event`: the ledger rule the event breaks (`AdmissionRule`'s kebab-case name, such as `unbalanced`).
    public var rule: String?
    public init(error: String, detail: String, expectedSeq: Int64? = nil, expectedPrevHash: String? = nil, eventId: String? = nil,
                rule: String? = nil) {
        self.error = error; self.detail = detail; self.expectedSeq = expectedSeq
        self.expectedPrevHash = expectedPrevHash; self.eventId = eventId; self.rule = rule
    }
}

public struct DeviceGrant: Codable, Hashable, Sendable {
    public var deviceId: String
    public var token: String
    public init(deviceId: String, token: String) { self.deviceId = deviceId; self.token = token }
}
