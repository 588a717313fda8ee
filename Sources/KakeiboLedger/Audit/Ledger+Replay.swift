import Foundation
import GRDB
import KakeiboEventStore

extension Ledger {
    /// Drops every projection and rebuilds it from position 1, in one transaction.
    @discardableResult
    public func replay(progress: (_ done: Int64, _ total: Int64) -> Void = { _, _ in }) throws -> Int64 {
        // A pool (a ledger file) lends the rebuild a second connection to read the log through.
        let snapshot = try writableDatabase() as? DatabasePool
        return try writeTransaction { db in
            // The whole chain is checked in the rebuild's own read of the log; a problem rolls it back.
            try Self.checkTriggers(before: "replay", in: db)
            try ProjectionRebuilder.rebuild(from: db, into: db, verifyingChainBefore: "replay", snapshot: snapshot, progress: progress)
            return try EventLog.head(in: db).position
        }
    }

    /// Rebuilds into a scratch database and lists every projection table whose rows differ
    /// from the live ones. Empty means the projections are exactly what the log says.
    public func replayDifferences(progress: (_ done: Int64, _ total: Int64) -> Void = { _, _ in }) throws -> [String] {
        let scratchPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("kakeibo-replay-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: scratchPath + suffix) } }
        let scratch = try DatabaseQueue(path: scratchPath)
        try LedgerDatabase.migrate(scratch, path: scratchPath)
        return try writer.read { live in
            try scratch.write { target in
                try ProjectionRebuilder.rebuild(from: live, into: target, progress: progress)
            }
            return try scratch.read { rebuilt in
                try ProjectionRebuilder.tables.filter { table in
                    try !Self.sameRows(table, live, rebuilt)
                }
            }
        }
    }

    /// Compares two tables row by row in primary-key order, streaming both.
    private static func sameRows(_ table: String, _ a: Database, _ b: Database) throws -> Bool {
        let sql = "SELECT * FROM \(table) ORDER BY 1, 2"
        let left = try Row.fetchCursor(a, sql: sql), right = try Row.fetchCursor(b, sql: sql)
        while true {
            switch (try left.next(), try right.next()) {
            case (nil, nil): return true
            case (let l?, let r?) where l == r: continue
            default: return false
            }
        }
    }
}
