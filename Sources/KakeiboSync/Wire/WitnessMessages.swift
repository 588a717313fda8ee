/// The witness protocol's documents (issue 34, part 5). The checkpoint itself travels as a C2SP
/// signed note in plain text (`GET v1/ledgers/NAME/checkpoint`); these are the JSON around it.

/// `GET v1/ledgers/NAME/proof/consistency?from=OLD&to=NEW`: RFC 9162's consistency path from the
/// tree of `oldSize` leaves to the tree of `size`, with both roots, hashes in lower-case hex. The
/// same names as `kakeibo prove --consistency` prints.
public struct ConsistencyReply: Codable, Hashable, Sendable {
    public var origin: String
    public var oldSize: UInt64
    public var oldRoot: String
    public var size: UInt64
    public var root: String
    public var path: [String]

    public init(origin: String, oldSize: UInt64, oldRoot: String, size: UInt64, root: String, path: [String]) {
        self.origin = origin; self.oldSize = oldSize; self.oldRoot = oldRoot; self.size = size; self.root = root; self.path = path
    }
}

/// `POST v1/ledgers/NAME/checkpoint/cosignatures`: a checkpoint the server signed, with the device's signature
/// added (`note`), and the device's verifier key (`NAME+KEYID+BASE64`).
public struct CosignatureRequest: Codable, Hashable, Sendable {
    public var note: String
    public var key: String

    public init(note: String, key: String) { self.note = note; self.key = key }
}

/// `GET v1/ledgers/NAME/checkpoint/cosignatures`: the newest checkpoint each device cosigned, as it pushed it.
public struct CosignaturesReply: Codable, Hashable, Sendable {
    public struct Cosigned: Codable, Hashable, Sendable {
        public var device: String
        public var key: String
        public var note: String
        public init(device: String, key: String, note: String) { self.device = device; self.key = key; self.note = note }
    }

    public var serverKey: String
    public var cosignatures: [Cosigned]
    public init(serverKey: String, cosignatures: [Cosigned]) { self.serverKey = serverKey; self.cosignatures = cosignatures }
}
