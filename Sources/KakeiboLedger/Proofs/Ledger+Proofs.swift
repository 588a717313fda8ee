import GRDB
import KakeiboChain
import KakeiboDomain
import KakeiboEventStore

/// Provable books (issue 34): checkpoints, inclusion and consistency proofs, from the Merkle tree
/// the event store keeps over the log (`MerkleNodeStore`). Each answer reads O(log n) tree rows and
/// the proved events, in one read transaction, so it is of one tree head.
extension Ledger {
    /// The tree head of the whole log (or of its first `size` events): origin, size, root. The origin is
    /// the ledger's id, the event id of its first event, which every replica of the ledger shares.
    public func checkpoint(size: UInt64? = nil) throws -> Checkpoint {
        try writer.read { db in try Self.checkpoint(size: size, in: db) }
    }

    /// Every event of a transaction (capture, edits, voids), with the bytes its chain hash is
    /// recomputed from and its audit path, against the current tree head.
    public func inclusionProof(of transactionID: String) throws -> InclusionProof {
        try writer.read { db in
            let head = try Self.checkpoint(size: nil, in: db)
            let positions = try Int64.fetchAll(db, sql: "SELECT position FROM events WHERE stream = ? ORDER BY position",
                                               arguments: [LedgerTransaction.stream(for: transactionID)])
            guard !positions.isEmpty else { throw LedgerError.unknownTransaction(transactionID) }
            let source = MerkleNodeStore.Source(db)
            var events: [InclusionProof.Event] = []
            for position in positions {
                try EventLog.forEachStored(from: position, through: position, in: db) { envelope, payload, previous, hash in
                    guard let hash = Digest32(bytes: hash), let previous = Digest32(bytes: previous) else {
                        throw EventStoreError.unreadableEvent(position: position, reason: "its chain hash is not 32 bytes")
                    }
                    let path = try MerkleTree.inclusionPath(index: UInt64(position - 1), size: head.size, in: source)
                    events.append(InclusionProof.Event(position: UInt64(position), hash: hash, previousHash: previous,
                                                       envelope: String(decoding: envelope.canonicalHeaderBytes, as: UTF8.self),
                                                       payload: payload, path: path))
                }
            }
            return InclusionProof(origin: head.origin, size: head.size, root: head.root, events: events)
        }
    }

    /// The consistency path from the log's first `oldSize` events to all of it.
    public func consistencyProof(from oldSize: UInt64) throws -> ConsistencyProof {
        try writer.read { db in
            let head = try Self.checkpoint(size: nil, in: db)
            guard oldSize >= 1, oldSize <= head.size else { throw ProofError.sizeOutsideLog(size: oldSize, head: head.size) }
            let source = MerkleNodeStore.Source(db)
            let old = try MerkleTree.root(size: oldSize, in: source)
            let path = try MerkleTree.consistencyPath(oldSize: oldSize, newSize: head.size, in: source)
            return ConsistencyProof(origin: head.origin, oldSize: oldSize, oldRoot: old, size: head.size, root: head.root, path: path)
        }
    }

    /// Refuses unless the log's tree of `size` has `root`, without re-hashing the log: the tree of
    /// `size` from the stored tree (O(log n) rows), joined to the head's by a consistency path that is
    /// checked (so the stored nodes it uses fold into the head's root, the answer a holder of only the
    /// two roots would reach), and the newest event re-hashed from its bytes (its stored chain hash,
    /// the tree's last leaf, is the one its bytes give). `verify` without `--expect-root` re-hashes
    /// every event and checks the stored tree against a rebuild, which `verify --expect-root` did before
    /// this too: 10.3 s wall (2.7 s CPU) at 100k events, 139 s (27 s CPU) at 1M; now 0.06-0.2 s wall
    /// (0.03 s CPU) at either size, about a bare process start (release, load 5-12).
    @discardableResult
    public func checkRoot(size: UInt64, root expected: Digest32) throws -> TreeHeadCheck {
        try writer.read { db in
            let head = try Self.checkpoint(size: nil, in: db)
            guard size >= 1, size <= head.size else { throw ProofError.sizeOutsideLog(size: size, head: head.size) }
            let source = MerkleNodeStore.Source(db)
            let actual = try MerkleTree.root(size: size, in: source)
            let path = try MerkleTree.consistencyPath(oldSize: size, newSize: head.size, in: source)
            guard actual == expected,
                  MerkleProof.verifyConsistency(oldSize: size, newSize: head.size, oldRoot: expected, newRoot: head.root, path: path)
            else { throw ProofError.rootMismatch(size: size, expected: expected, actual: actual) }
            let last = Int64(head.size)
            try EventLog.forEachStored(from: last, through: last, in: db) { envelope, payload, previous, hash in
                let computed = ChainHash.hash(previous: previous, header: envelope.canonicalHeaderBytes, payload: Array(payload.utf8))
                guard computed == hash else { throw ProofError.headEventAltered(position: UInt64(last)) }
            }
            return TreeHeadCheck(size: size, root: actual, headSize: head.size, headRoot: head.root, pathLength: path.count)
        }
    }

    static func checkpoint(size: UInt64?, in db: Database) throws -> Checkpoint {
        let head = UInt64(try EventLog.head(in: db).position)
        let size = size ?? head
        guard size <= head else { throw ProofError.sizeOutsideLog(size: size, head: head) }
        let origin = try String.fetchOne(db, sql: "SELECT event_id FROM events WHERE position = 1") ?? ""
        return Checkpoint(origin: origin, size: size, root: try MerkleTree.root(size: size, in: MerkleNodeStore.Source(db)))
    }
}
