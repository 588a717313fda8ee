import KakeiboChain
import KakeiboSync
import Logging
import PostgresNIO

/// The RFC 9162 tree over a ledger's chain hashes, kept in `kakeibo_tree_nodes` (server migration 3)
/// as the hash of every complete subtree: node (level l, index i) covers leaves i·2^l ..< (i+1)·2^l.
///
/// A projection of `kakeibo_events`, extended in the transaction that inserts events (`insert`,
/// so pushes, adoptions and the web app's records alike): appending k leaves to a tree of n reads
/// the ≤ 64 nodes of its right edge and writes < 2k rows, O(log n) a leaf whatever the ledger's
/// length. A tree behind the log (a ledger from before migration 3, or nodes deleted to rebuild)
/// catches up from the events' hashes first. Roots and proofs are RFC 9162's folds
/// (`MerkleTree`) over at most a few hundred of these rows, fetched in one query.
extension ServerStore {
    /// How many leaves the stored tree of `ledgerId` has.
    func treeSize(ledgerId: Int64, on connection: PostgresConnection) async throws -> Int64 {
        let rows = try await connection.query("""
            SELECT coalesce(max(idx) + 1, 0) FROM kakeibo_tree_nodes WHERE ledger_id = \(ledgerId) AND level = 0
            """, logger: logger).collect()
        return try rows.first?.makeRandomAccess()[0].decode(Int64.self) ?? 0
    }

    /// Brings the tree of `ledgerId` up to `head` events: `known` are chain hashes the caller holds (positions
    /// `knownFrom`…), the rest are read from `kakeibo_events`. Rows already there are left as they are (a
    /// concurrent catch-up writes the same bytes).
    func extendTree(ledgerId: Int64, through head: Int64, known: [String] = [], knownFrom: Int64 = 1,
                    on connection: PostgresConnection) async throws {
        let size = try await treeSize(ledgerId: ledgerId, on: connection)
        guard size < head else { return }
        var hashes: [String] = []
        if size + 1 < knownFrom || known.isEmpty {
            let end = known.isEmpty ? head : knownFrom - 1
            for row in try await connection.query("""
                SELECT hash FROM kakeibo_events WHERE ledger_id = \(ledgerId) AND position > \(size) AND position <= \(end) ORDER BY position
                """, logger: logger).collect() {
                hashes.append(try row.makeRandomAccess()[0].decode(String.self))
            }
        }
        if !known.isEmpty {
            hashes += known.dropFirst(Int(max(0, size + 1 - knownFrom)))
        }
        guard Int64(hashes.count) == head - size else {
            throw ServerError(500, "tree", "the log has \(Int64(hashes.count) + size) events where \(head) were expected")
        }
        // The right edge of the tree of `size`: one complete subtree per 1 bit of size.
        var nodes: [NodeKey: Digest32] = [:]
        let edge = Self.rightEdge(size: UInt64(size))
        if !edge.isEmpty { nodes = try await treeNodes(edge, ledgerId: ledgerId, on: connection) }
        var added: [(NodeKey, Digest32)] = []
        var leaf = UInt64(size)
        for hex in hashes {
            guard let chain = Digest32(hex: hex) else { throw ServerError(500, "tree", "a stored event hash is not 64 hex digits") }
            var key = NodeKey(level: 0, index: leaf)
            var hash = MerkleHash.leaf(chainHash: chain)
            nodes[key] = hash
            added.append((key, hash))
            while key.index & 1 == 1 {
                guard let left = nodes[NodeKey(level: key.level, index: key.index - 1)] else {
                    throw ServerError(500, "tree", "the stored tree lacks node \(key.level)/\(key.index - 1)")
                }
                hash = MerkleHash.node(left, hash)
                key = NodeKey(level: key.level + 1, index: key.index >> 1)
                nodes[key] = hash
                added.append((key, hash))
            }
            leaf += 1
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

    /// The stored nodes `keys` of `ledgerId`; a missing one is an error (the tree is behind what was asked).
    func treeNodes(_ keys: [NodeKey], ledgerId: Int64, on connection: PostgresConnection) async throws -> [NodeKey: Digest32] {
        let unique = Array(Set(keys))
        var nodes: [NodeKey: Digest32] = [:]
        for row in try await connection.query("""
            SELECT n.level, n.idx, n.hash FROM kakeibo_tree_nodes n
            JOIN unnest(\(unique.map { Int32($0.level) })::integer[], \(unique.map { Int64($0.index) })::bigint[]) AS k(level, idx)
              ON n.level = k.level AND n.idx = k.idx
            WHERE n.ledger_id = \(ledgerId)
            """, logger: logger).collect() {
            let r = row.makeRandomAccess()
            guard let hash = Digest32(hex: try r[2].decode(String.self)) else { continue }
            nodes[NodeKey(level: Int(try r[0].decode(Int32.self)), index: UInt64(try r[1].decode(Int64.self)))] = hash
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
