import KakeiboChain
import KakeiboSync
import Logging
import PostgresNIO

/// The RFC 9162 tree over a ledger's chain hashes, kept in `kakeibo_tree_nodes` (server migration 3)
/// as the hash of every complete subtree of 16 leaves and up (migration 4): node (level l, index i)
/// covers leaves i·2^l ..< (i+1)·2^l, l ≥ `storedLevel`.
///
/// A projection of `kakeibo_events`, extended in the transaction that inserts events (`insert`,
/// so pushes, adoptions and the web app's records alike): appending k leaves to a tree of n reads
/// the ≤ 64 nodes of its right edge and writes about k/8 rows, O(log n) a leaf whatever the ledger's
/// length. The subtrees below level 4, and the last chunk of fewer than 16 leaves, are hashed again
/// from the events' chain hashes when a root or a proof needs them (at most 15 hashes a subtree,
/// read in the same query as the stored nodes' companions). A tree behind the log (a ledger from
/// before migration 3, or nodes deleted to rebuild) catches up from the events' hashes first. Roots
/// and proofs are RFC 9162's folds (`MerkleTree`) over at most a few hundred of these rows.
extension ServerStore {
    /// The lowest level stored: subtrees of 2^4 = 16 leaves, as `MerkleNodeStore.storedLevel` on a device.
    static let storedLevel = 4
    static let chunk = Int64(1) << Int64(storedLevel)

    /// How many leaves the stored tree of `ledgerId` covers: whole chunks of 16.
    func treeSize(ledgerId: Int64, on connection: PostgresConnection) async throws -> Int64 {
        let rows = try await connection.query("""
            SELECT coalesce(max(idx) + 1, 0) FROM kakeibo_tree_nodes WHERE ledger_id = \(ledgerId) AND level = \(Int32(Self.storedLevel))
            """, logger: logger).collect()
        return (try rows.first?.makeRandomAccess()[0].decode(Int64.self) ?? 0) * Self.chunk
    }

    /// Brings the tree of `ledgerId` up to the last whole chunk of `head` events: `known` are chain hashes the
    /// caller holds (positions `knownFrom`…), the rest are read from `kakeibo_events`. Rows already there are
    /// left as they are (a concurrent catch-up writes the same bytes).
    func extendTree(ledgerId: Int64, through head: Int64, known: [String] = [], knownFrom: Int64 = 1,
                    on connection: PostgresConnection) async throws {
        let size = try await treeSize(ledgerId: ledgerId, on: connection)
        let end = head / Self.chunk * Self.chunk
        guard size < end else { return }
        var hashes: [String] = []
        if size + 1 < knownFrom || known.isEmpty {
            let last = known.isEmpty ? end : min(end, knownFrom - 1)
            hashes = try await chainHashes(ledgerId: ledgerId, after: size, through: last, on: connection)
        }
        if !known.isEmpty && Int64(hashes.count) + size < end {
            hashes += known.dropFirst(Int(max(0, size + 1 - knownFrom))).prefix(Int(end - size) - hashes.count)
        }
        guard Int64(hashes.count) == end - size else {
            throw ServerError(500, "tree", "the log has \(Int64(hashes.count) + size) events where \(end) were expected")
        }
        // The right edge of the tree of `size` (a whole number of chunks): one complete subtree per 1 bit of size.
        var nodes: [NodeKey: Digest32] = [:]
        let edge = Self.rightEdge(size: UInt64(size))
        if !edge.isEmpty { nodes = try await treeNodes(edge, ledgerId: ledgerId, on: connection) }
        var added: [(NodeKey, Digest32)] = []
        // The current chunk's leaves and inner nodes, dropped when it is complete.
        var low: [NodeKey: Digest32] = [:]
        var leaf = UInt64(size)
        for hex in hashes {
            guard let chain = Digest32(hex: hex) else { throw ServerError(500, "tree", "a stored event hash is not 64 hex digits") }
            var key = NodeKey(level: 0, index: leaf)
            var hash = MerkleHash.leaf(chainHash: chain)
            low[key] = hash
            while key.index & 1 == 1 {
                let sibling = NodeKey(level: key.level, index: key.index - 1)
                guard let left = key.level < Self.storedLevel ? low[sibling] : nodes[sibling] else {
                    throw ServerError(500, "tree", "the stored tree lacks node \(key.level)/\(key.index - 1)")
                }
                hash = MerkleHash.node(left, hash)
                key = NodeKey(level: key.level + 1, index: key.index >> 1)
                if key.level < Self.storedLevel {
                    low[key] = hash
                } else {
                    nodes[key] = hash
                    added.append((key, hash))
                }
            }
            leaf += 1
            if leaf % UInt64(Self.chunk) == 0 { low.removeAll(keepingCapacity: true) }
        }
        for first in stride(from: 0, to: added.count, by: 10_000) {
            let batch = added[first..<min(first + 10_000, added.count)]
            try await connection.query("""
                INSERT INTO kakeibo_tree_nodes (ledger_id, level, idx, hash)
                SELECT \(ledgerId), * FROM unnest(\(batch.map { Int32($0.0.level) })::integer[], \(batch.map { Int64($0.0.index) })::bigint[],
                                                  \(batch.map { $0.1.hex })::text[])
                ON CONFLICT DO NOTHING
                """, logger: logger)
        }
    }

    /// The chain hashes of positions `after + 1 ... through`, in order.
    func chainHashes(ledgerId: Int64, after: Int64, through: Int64, on connection: PostgresConnection) async throws -> [String] {
        guard after < through else { return [] }
        var hashes: [String] = []
        for row in try await connection.query("""
            SELECT hash FROM kakeibo_events WHERE ledger_id = \(ledgerId) AND position > \(after) AND position <= \(through) ORDER BY position
            """, logger: logger).collect() {
            hashes.append(try row.makeRandomAccess()[0].decode(String.self))
        }
        return hashes
    }

    /// The nodes `keys` of `ledgerId`: those of level 4 and up as stored, those below hashed from the events' chain
    /// hashes. A missing one is an error (the tree or the log is behind what was asked).
    func treeNodes(_ keys: [NodeKey], ledgerId: Int64, on connection: PostgresConnection) async throws -> [NodeKey: Digest32] {
        let unique = Array(Set(keys))
        let stored = unique.filter { $0.level >= Self.storedLevel }, computed = unique.filter { $0.level < Self.storedLevel }
        var nodes: [NodeKey: Digest32] = [:]
        if !stored.isEmpty {
            for row in try await connection.query("""
                SELECT n.level, n.idx, n.hash FROM kakeibo_tree_nodes n
                JOIN unnest(\(stored.map { Int32($0.level) })::integer[], \(stored.map { Int64($0.index) })::bigint[]) AS k(level, idx)
                  ON n.level = k.level AND n.idx = k.idx
                WHERE n.ledger_id = \(ledgerId)
                """, logger: logger).collect() {
                let r = row.makeRandomAccess()
                guard let hash = Digest32(hex: try r[2].decode(String.self)) else { continue }
                nodes[NodeKey(level: Int(try r[0].decode(Int32.self)), index: UInt64(try r[1].decode(Int64.self)))] = hash
            }
        }
        if !computed.isEmpty {
            // Leaf i is the event at position i + 1.
            let positions = Array(Set(computed.flatMap { key in (key.index << UInt64(key.level))..<((key.index + 1) << UInt64(key.level)) }))
                .map { Int64($0) + 1 }
            var leaves: [UInt64: Digest32] = [:]
            for row in try await connection.query("""
                SELECT position, hash FROM kakeibo_events WHERE ledger_id = \(ledgerId) AND position = ANY(\(positions))
                """, logger: logger).collect() {
                let r = row.makeRandomAccess()
                guard let chain = Digest32(hex: try r[1].decode(String.self)) else {
                    throw ServerError(500, "tree", "a stored event hash is not 64 hex digits")
                }
                leaves[UInt64(try r[0].decode(Int64.self) - 1)] = MerkleHash.leaf(chainHash: chain)
            }
            func hash(_ key: NodeKey) -> Digest32? {
                if key.level == 0 { return leaves[key.index] }
                guard let left = hash(NodeKey(level: key.level - 1, index: key.index * 2)),
                      let right = hash(NodeKey(level: key.level - 1, index: key.index * 2 + 1)) else { return nil }
                return MerkleHash.node(left, right)
            }
            for key in computed { nodes[key] = hash(key) }
        }
        guard nodes.count == unique.count else { throw ServerError(500, "tree", "the stored tree lacks \(unique.count - nodes.count) nodes") }
        return nodes
    }

    /// Runs `body` (a `MerkleTree` computation) against the stored tree: once to learn which subtrees it reads,
    /// then with those fetched in one query. The subtrees RFC 9162 asks for depend on sizes only, never on hashes.
    func withStoredTree<T>(ledgerId: Int64, on connection: PostgresConnection,
                           _ body: (any MerkleNodeSource) throws -> T) async throws -> T {
        let recorder = RecordingSource()
        _ = try body(recorder)
        let nodes = recorder.keys.isEmpty ? [:] : try await treeNodes(recorder.keys, ledgerId: ledgerId, on: connection)
        return try body(FetchedSource(nodes: nodes))
    }

    /// The complete subtrees whose concatenation is a tree of `size` leaves, left to right.
    static func rightEdge(size: UInt64) -> [NodeKey] {
        var keys: [NodeKey] = []
        var start: UInt64 = 0
        for level in stride(from: 63, through: 0, by: -1) where size & (UInt64(1) << UInt64(level)) != 0 {
            keys.append(NodeKey(level: level, index: start >> UInt64(level)))
            start += UInt64(1) << UInt64(level)
        }
        return keys
    }
}

/// A node of the stored tree.
struct NodeKey: Hashable, Sendable {
    var level: Int
    var index: UInt64
}

/// Answers any subtree with a placeholder and remembers what was asked.
private final class RecordingSource: MerkleNodeSource {
    var keys: [NodeKey] = []
    func subtreeHash(level: Int, index: UInt64) throws -> Digest32 {
        keys.append(NodeKey(level: level, index: index))
        return MerkleHash.emptyRoot
    }
}

private struct FetchedSource: MerkleNodeSource {
    let nodes: [NodeKey: Digest32]
    func subtreeHash(level: Int, index: UInt64) throws -> Digest32 {
        guard let hash = nodes[NodeKey(level: level, index: index)] else {
            throw MerkleProofError.subtreeOutsideTree(level: level, index: index, size: 0)
        }
        return hash
    }
}
