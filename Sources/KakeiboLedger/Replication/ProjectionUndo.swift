import Foundation
import GRDB
import KakeiboEventStore

/// The projections' way back to a file's synced position (Migrations/0026): each write that folds
/// events not yet synced keeps the changeset undoing its changes to the projection tables, so a
/// rebase that drops k unsynced events undoes what those k changed instead of folding the whole
/// log again (`Ledger.truncateLog`).
///
/// Kept only on a file that syncs (its `sync_state` has a row), by the writes that fold its own
/// events (`Ledger.record`, and sync putting its own events back after the server's); the server's
/// events a sync appends are synced the moment they land, and a clone or pull does not pay for it.
enum ProjectionUndo {
    static let table = "projection_undo"

    /// The tables a changeset covers: every projection but the Merkle tree, which
    /// `EventLog.truncate` cuts back itself.
    static let tables = ProjectionRebuilder.tables.filter { $0 != "merkle_nodes" }

    /// Whether writes on this file keep their undo: it syncs, and SQLite has the session extension.
    static func isKept(in db: Database) throws -> Bool {
        guard ChangeRecorder.isAvailable else { return false }
        return try Int64.fetchOne(db, sql: "SELECT synced_position FROM sync_state") != nil
    }

    /// Keeps `changeset`, the undo of a write that folded the positions after `after` through `through`.
    static func keep(_ changeset: [UInt8], after: Int64, through: Int64, in db: Database) throws {
        try db.execute(sql: "INSERT INTO projection_undo (after_position, through_position, changeset) VALUES (?, ?, ?)",
                       arguments: [after, through, Data(changeset)])
    }

    /// Puts the projections back as they were at `position`, when the kept changesets cover the
    /// log after it (through `head`) exactly, newest first; returns false, changing nothing, when
    /// they do not (a write by a Kakeibo before 0026, a file that had not synced yet) or when a
    /// row is not as a changeset expects.
    static func rollBack(to position: Int64, head: Int64, in db: Database) throws -> Bool {
        let rows = try Row.fetchAll(db, sql: """
            SELECT after_position, through_position, changeset FROM projection_undo
            WHERE through_position > ? ORDER BY seq DESC
            """, arguments: [position])
        var reached = head
        for row in rows {
            guard row["through_position"] as Int64 == reached else { return false }
            reached = row["after_position"]
        }
        guard reached == position, !rows.isEmpty else { return false }
        var undone = true
        try db.inSavepoint {
            for row in rows {
                let changeset: Data = row["changeset"]
                guard try ChangeRecorder.apply(Array(changeset), in: db) else {
                    undone = false
                    return .rollback
                }
            }
            return .commit
        }
        return undone
    }

    /// Forgets the undo of writes after `position` (the log no longer holds them) or, with
    /// `through`, of writes at or before it (synced: no rebase goes back past it).
    static func forget(after position: Int64, in db: Database) throws {
        try db.execute(sql: "DELETE FROM projection_undo WHERE through_position > ?", arguments: [position])
    }

    static func forget(through position: Int64, in db: Database) throws {
        try db.execute(sql: "DELETE FROM projection_undo WHERE through_position <= ?", arguments: [position])
    }
}
