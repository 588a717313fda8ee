import KakeiboDomain

/// An event another replica sequenced, exactly as it stored it: position, stream version, payload
/// text and hashes are kept, never re-derived, so every replica holds the same bytes and chain.
public struct ReplicatedEvent: Sendable {
    public var envelope: EventEnvelope
    /// The canonical payload text the hash covers.
    public var payload: String
    public var previousHash: [UInt8]
    public var hash: [UInt8]
    /// The sequencer's position its author had synced to when it decided the event (a push's
    /// `basedOn`), when known: admission then judges the event as its author could have. Nil for an
    /// event pulled from the sequencer, which already judged it.
    public var authorSaw: Int64?

    public init(envelope: EventEnvelope, payload: String, previousHash: [UInt8], hash: [UInt8], authorSaw: Int64? = nil) {
        self.envelope = envelope
        self.payload = payload
        self.previousHash = previousHash
        self.hash = hash
        self.authorSaw = authorSaw
    }
}
