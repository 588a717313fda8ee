import KakeiboDomain

/// `prove --consistency OLD_SIZE`'s document: the RFC 9162 consistency path from the tree of
/// `oldSize` to the tree of `size`, with both roots.
public struct ConsistencyProof: Hashable, Sendable {
    public var origin: String
    public var oldSize: UInt64
    public var oldRoot: Digest32
    public var size: UInt64
    public var root: Digest32
    public var path: [Digest32]

    public init(origin: String, oldSize: UInt64, oldRoot: Digest32, size: UInt64, root: Digest32, path: [Digest32]) {
        self.origin = origin; self.oldSize = oldSize; self.oldRoot = oldRoot; self.size = size; self.root = root; self.path = path
    }

    public var json: JSONValue {
        .object(["origin": .string(origin), "oldSize": .int(Int64(oldSize)), "oldRoot": .string(oldRoot.hex),
                 "size": .int(Int64(size)), "root": .string(root.hex), "path": .array(path.map { .string($0.hex) })])
    }

    public init(json: JSONValue) throws(ProofCheckFailure) {
        let reader = ProofFields(json, at: "")
        origin = try reader.string("origin")
        oldSize = try reader.count("oldSize")
        oldRoot = try reader.digest("oldRoot")
        size = try reader.count("size")
        root = try reader.digest("root")
        path = try reader.digests("path")
    }

    /// True when the path proves the tree of `size` extends the tree of `oldSize`.
    public var holds: Bool {
        MerkleProof.verifyConsistency(oldSize: oldSize, newSize: size, oldRoot: oldRoot, newRoot: root, path: path)
    }
}
