import Foundation
import GRDB
import KakeiboEventStore

/// What a ledger file remembers about its server, in the file itself, so a restored old copy
/// of the file also restores its old device chain, and the server can tell.
///
/// Events `1...syncedPosition` are the server's, byte for byte; later ones were recorded here and
/// wait to be pushed (the outbox). `deviceSeq`/`deviceHash` are the last link of this device's
/// chain the server acknowledged.
struct SyncState: Hashable, Sendable {
    var remote: String
    var syncedPosition: Int64
    var deviceId: String
    var deviceSeq: Int64
    var deviceHash: String
    /// The server's open conflicts as of this sync, so `kakeibo conflicts` answers offline.
    var conflicts: [SyncConflict] = []

    /// Kept outside Migrations/: only files that sync carry it, and it is not a projection.
    static let createSQL = """
        CREATE TABLE IF NOT EXISTS sync_state (
            singleton       INTEGER PRIMARY KEY CHECK (singleton = 1),
            remote          TEXT    NOT NULL,
            synced_position INTEGER NOT NULL CHECK (synced_position >= 0),
            device_id       TEXT    NOT NULL,
            device_seq      INTEGER NOT NULL CHECK (device_seq >= 0),
            device_hash     TEXT    NOT NULL CHECK (length(device_hash) = 64)
        )
        """

    static func read(in db: Database) throws -> SyncState? {
        guard try db.tableExists("sync_state") else { return nil }
        guard let row = try Row.fetchOne(db, sql: "SELECT remote, synced_position, device_id, device_seq, device_hash FROM sync_state") else { return nil }
        return SyncState(remote: row[0], syncedPosition: row[1], deviceId: row[2], deviceSeq: row[3], deviceHash: row[4])
    }

    static let createConflictsSQL = """
        CREATE TABLE IF NOT EXISTS sync_conflicts (
            event_id TEXT PRIMARY KEY,
            conflict TEXT NOT NULL -- the server's JSON for it
        )
        """

    static func conflicts(in db: Database) throws -> [SyncConflict] {
        guard try db.tableExists("sync_conflicts") else { return [] }
        return try String.fetchAll(db, sql: "SELECT conflict FROM sync_conflicts ORDER BY rowid").map { text in
            try JSONDecoder().decode(SyncConflict.self, from: Data(text.utf8))
        }
    }

    func save(in db: Database) throws {
        try db.execute(sql: Self.createConflictsSQL)
        try db.execute(sql: "DELETE FROM sync_conflicts")
        for conflict in conflicts {
            try db.execute(sql: "INSERT INTO sync_conflicts (event_id, conflict) VALUES (?, ?)",
                           arguments: [conflict.eventId, String(decoding: try JSONEncoder().encode(conflict), as: UTF8.self)])
        }
        try db.execute(sql: Self.createSQL)
        try db.execute(sql: """
            INSERT INTO sync_state (singleton, remote, synced_position, device_id, device_seq, device_hash)
            VALUES (1, ?, ?, ?, ?, ?)
            ON CONFLICT (singleton) DO UPDATE SET remote = excluded.remote, synced_position = excluded.synced_position,
                device_id = excluded.device_id, device_seq = excluded.device_seq, device_hash = excluded.device_hash
            """, arguments: [remote, syncedPosition, deviceId, deviceSeq, deviceHash])
    }
}
