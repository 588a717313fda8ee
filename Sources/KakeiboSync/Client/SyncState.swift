import GRDB
import KakeiboEventStore

/// What a ledger file remembers about its server, in the file itself, so a restored old copy
/// of the file also restores its old device chain, and the server can tell.
///
/// Events `1...syncedPosition` are the server's, byte for byte; later ones were recorded here and
/// wait to be pushed (the outbox). `deviceSeq`/`deviceHash` are the last link of this device's
/// chain the server acknowledged. The table is Migrations/0011_sync.sql's `sync_state`.
struct SyncState: Hashable, Sendable {
    var remote: String
    var syncedPosition: Int64
    var deviceId: String
    var deviceSeq: Int64
    var deviceHash: String

    static func read(in db: Database) throws -> SyncState? {
        guard let row = try Row.fetchOne(db, sql: "SELECT remote, synced_position, device_id, device_seq, device_hash FROM sync_state") else { return nil }
        return SyncState(remote: row[0], syncedPosition: row[1], deviceId: row[2], deviceSeq: row[3], deviceHash: row[4])
    }

    func save(in db: Database) throws {
        try db.execute(sql: """
            INSERT INTO sync_state (singleton, remote, synced_position, device_id, device_seq, device_hash)
            VALUES (1, ?, ?, ?, ?, ?)
            ON CONFLICT (singleton) DO UPDATE SET remote = excluded.remote, synced_position = excluded.synced_position,
                device_id = excluded.device_id, device_seq = excluded.device_seq, device_hash = excluded.device_hash
            """, arguments: [remote, syncedPosition, deviceId, deviceSeq, deviceHash])
    }
}
