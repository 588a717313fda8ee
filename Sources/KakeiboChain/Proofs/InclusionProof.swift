import KakeiboDomain

/// `prove TXN_ID`'s document: some events of one log, each with the bytes its chain hash is
/// recomputed from and its RFC 9162 audit path, against one tree head. Checked offline by
/// `ProofDocument.check`; `Documentation/Proofs.md` lays out every byte.
public struct InclusionProof: Hashable, Sendable {
    public struct Event: Hashable, Sendable {
        /// The event's log position (1-based); its leaf index is position − 1.
        public var position: UInt64
        /// The chain hash: SHA-256(previousHash ‖ envelope ‖ payload).
        public var hash: Digest32
        public var previousHash: Digest32
        /// The canonical envelope header exactly as hashed (UTF-8).
        public var envelope: String
        /// The payload exactly as stored and hashed (UTF-8).
        public var payload: String
        /// The audit path, leaf first.
        public var path: [Digest32]

        public init(position: UInt64, hash: Digest32, previousHash: Digest32, envelope: String, payload: String, path: [Digest32]) {
            self.position = position; self.hash = hash; self.previousHash = previousHash
            self.envelope = envelope; self.payload = payload; self.path = path
        }
    }

    public var origin: String
    public var size: UInt64
    public var root: Digest32
    public var events: [Event]

    public init(origin: String, size: UInt64, root: Digest32, events: [Event]) {
        self.origin = origin; self.size = size; self.root = root; self.events = events
    }

    public var json: JSONValue {
        .object([
            "origin": .string(origin), "size": .int(Int64(size)), "root": .string(root.hex),
            "events": .array(events.map { event in
                .object(["position": .int(Int64(event.position)), "hash": .string(event.hash.hex),
                         "previousHash": .string(event.previousHash.hex), "envelope": .string(event.envelope),
                         "payload": .string(event.payload), "path": .array(event.path.map { .string($0.hex) })])
            }),
        ])
    }

    public init(json: JSONValue) throws(ProofCheckFailure) {
        let reader = ProofFields(json, at: "")
        origin = try reader.string("origin")
        size = try reader.count("size")
        root = try reader.digest("root")
        events = []
        for (index, item) in try reader.array("events").enumerated() {
            let event = ProofFields(item, at: "events[\(index)].")
            events.append(Event(position: try event.count("position"), hash: try event.digest("hash"),
                                previousHash: try event.digest("previousHash"), envelope: try event.string("envelope"),
                                payload: try event.string("payload"), path: try event.digests("path")))
        }
    }
}
