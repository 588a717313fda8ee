import Foundation
import GRDB
import KakeiboChain

/// The log's RFC 9162 Merkle tree as a projection in `merkle_nodes` (Migrations/0016): kept up by
/// every insert into the log (`EventLog.append`, `appendVerbatim`), cut back by `truncate`, built
/// again from the log by `rebuild`.
///
/// Only perfect subtrees of `storedLevel` and up are stored; the levels below are recomputed from
/// the events' chain hashes (16 at most, one primary-key range read). Appending is O(1) amortised
/// (each 16th event stores one node and, one time in two, its parent, and so on up: n/8 rows in all),
/// and any root or proof of a tree of n events reads O(log n) rows.
public enum MerkleNodeStore {
    /// Subtrees of 2^4 = 16 leaves and up are stored.
    public static let storedLevel = 4
    static let chunk = Int64(1) << Int64(storedLevel)

    /// Stores the nodes completed by the events after `oldHead` through `newHead`, assuming the
    /// tree was complete through `oldHead`.
    static func extend(from oldHead: Int64, to newHead: Int64, in db: Database) throws {
        var c = oldHead / chunk
        let end = newHead / chunk
        guard c < end else { return }
        let insert = try db.cachedStatement(sql: "INSERT INTO merkle_nodes (level, idx, hash) VALUES (?, ?, ?)")
        let find = try db.cachedStatement(sql: "SELECT hash FROM merkle_nodes WHERE level = ? AND idx = ?")
        while c < end {
            var node = try chunkRoot(c, in: db)
            var level = storedLevel
            var index = UInt64(c)
            try insert.execute(arguments: [level, Int64(index), Data(node.bytes)])
            while index & 1 == 1 {
                guard let left = try Data.fetchOne(find, arguments: [level, Int64(index - 1)]).flatMap(Digest32.init(bytes:)) else {
                    throw EventStoreError.unreadableEvent(position: (Int64(index) << Int64(level)),
                                                          reason: "the Merkle tree has no node \(level)/\(index - 1); replay rebuilds it")
                }
                node = MerkleHash.node(left, node)
                level += 1
                index >>= 1
                try insert.execute(arguments: [level, Int64(index), Data(node.bytes)])
            }
            c += 1
        }
    }

    /// The root of the 16 leaves of chunk `c`, from their events' chain hashes.
    static func chunkRoot(_ c: Int64, in db: Database) throws -> Digest32 {
        try leafRange(from: c * chunk, count: Int(chunk), in: db)
    }

    /// The root of the perfect subtree over leaves `first ..< first + count` (count a power of two),
    /// hashed from the events' stored chain hashes.
    static func leafRange(from first: Int64, count: Int, in db: Database) throws -> Digest32 {
        let rows = try Data.fetchAll(db.cachedStatement(sql: "SELECT hash FROM events WHERE position > ? AND position <= ? ORDER BY position"),
                                     arguments: [first, first + Int64(count)])
        guard rows.count == count else {
            throw EventStoreError.unreadableEvent(position: first + Int64(rows.count) + 1, reason: "the log has no event here for the Merkle tree")
        }
        var level = try rows.enumerated().map { offset, data in
            guard let hash = Digest32(bytes: data) else {
                throw EventStoreError.unreadableEvent(position: first + Int64(offset) + 1, reason: "its chain hash is not 32 bytes")
            }
            return MerkleHash.leaf(chainHash: hash)
        }
        while level.count > 1 {
            level = stride(from: 0, to: level.count, by: 2).map { MerkleHash.node(level[$0], level[$0 + 1]) }
        }
        return level[0]
    }

    /// Drops the nodes that cover any event after `position` (the log was truncated there).
    static func truncate(after position: Int64, in db: Database) throws {
        try db.execute(sql: "DELETE FROM merkle_nodes WHERE (idx + 1) << level > ?", arguments: [position])
    }

    /// Builds the tree in `target` from `source`'s log through `end` (all of it when nil), into an
    /// empty `merkle_nodes`: one streaming read of the chain hashes, with a stack of the right
    /// edge's perfect subtrees (O(log n) memory).
    public static func rebuild(from source: Database, into target: Database, through end: Int64? = nil) throws {
        try target.execute(sql: "DELETE FROM merkle_nodes")
        let insert = try target.cachedStatement(sql: "INSERT INTO merkle_nodes (level, idx, hash) VALUES (?, ?, ?)")
        var stack: [(level: Int, hash: Digest32)] = []
        var leaves: Int64 = 0
        let rows = try Row.fetchCursor(source, sql: "SELECT position, hash FROM events WHERE position <= ? ORDER BY position",
                                       arguments: [end ?? Int64.max])
        while let row = try rows.next() {
            let position: Int64 = row[0]
            guard let hash = try row.withUnsafeData(atIndex: 1, { $0.flatMap { Digest32(bytes: $0) } }) else {
                throw EventStoreError.unreadableEvent(position: position, reason: "its chain hash is not 32 bytes")
            }
            stack.append((0, MerkleHash.leaf(chainHash: hash)))
            leaves += 1
            // The stack's levels are the 1 bits of `leaves`: merge while the last two are equal.
            while stack.count >= 2, stack[stack.count - 1].level == stack[stack.count - 2].level {
                let right = stack.removeLast(), left = stack.removeLast()
                let level = left.level + 1
                let node = MerkleHash.node(left.hash, right.hash)
                stack.append((level, node))
                if level >= storedLevel {
                    try insert.execute(arguments: [level, (leaves - 1) >> Int64(level), Data(node.bytes)])
                }
            }
        }
    }

    /// Builds what is missing after an upgrade (a log with events and no tree yet): the nodes
    /// past the last complete chunk stored. Cheap when the tree is up to date (two index probes).
    public static func catchUp(in db: Database) throws {
        let head = try EventLog.head(in: db).position
        let stored = try Int64.fetchOne(db, sql: "SELECT MAX(idx) FROM merkle_nodes WHERE level = ?", arguments: [storedLevel]).map { $0 + 1 } ?? 0
        if stored * chunk + chunk <= head {
            try extend(from: stored * chunk, to: head, in: db)
        }
    }

    /// The tree over the log in `db`, for roots and proofs (`MerkleTree`). A stored node that is
    /// missing (a tree not caught up) is computed from the level below, so answers are always the
    /// log's, only slower.
    public struct Source: MerkleNodeSource {
        let db: Database

        public init(_ db: Database) { self.db = db }

        public func subtreeHash(level: Int, index: UInt64) throws -> Digest32 {
            if level <= MerkleNodeStore.storedLevel {
                if level == MerkleNodeStore.storedLevel,
                   let stored = try Data.fetchOne(db.cachedStatement(sql: "SELECT hash FROM merkle_nodes WHERE level = ? AND idx = ?"),
                                                  arguments: [level, Int64(index)]).flatMap(Digest32.init(bytes:)) {
                    return stored
                }
                return try MerkleNodeStore.leafRange(from: Int64(index) << Int64(level), count: 1 << level, in: db)
            }
            if let stored = try Data.fetchOne(db.cachedStatement(sql: "SELECT hash FROM merkle_nodes WHERE level = ? AND idx = ?"),
                                              arguments: [level, Int64(index)]).flatMap(Digest32.init(bytes:)) {
                return stored
            }
            return MerkleHash.node(try subtreeHash(level: level - 1, index: index * 2), try subtreeHash(level: level - 1, index: index * 2 + 1))
        }
    }
}
