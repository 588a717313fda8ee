import Foundation
import GRDB
import KakeiboDomain
@testable import KakeiboEventStore
@testable import KakeiboLedger
import XCTest

/// Sync's rebase drops a file's unsynced tail: on a file that syncs, `Ledger.truncateLog` undoes what
/// those events' folds changed (the changesets `ProjectionUndo` kept) instead of folding the whole log
/// again, and the projections still equal a replay of what is left.
final class ProjectionUndoTests: LedgerTestCase {
    /// Marks the file as synced through its head, as a sync's saved state does.
    private func markSynced() throws -> Int64 {
        let head = try ledger.head().position
        try withRawDatabase { db in
            try db.execute(sql: """
                INSERT OR REPLACE INTO sync_state (singleton, remote, synced_position, device_id, device_seq, device_hash)
                VALUES (1, 'https://books.example/v1/ledgers/home', ?, 'laptop', 0, ?)
                """, arguments: [head, String(repeating: "0", count: 64)])
        }
        return head
    }

    private func undoRows() throws -> [[Int64]] {
        try withRawDatabase { db in
            try Row.fetchAll(db, sql: "SELECT after_position, through_position FROM projection_undo ORDER BY seq")
                .map { [$0[0], $0[1]] }
        }
    }

    private func truncate(after position: Int64) throws -> Ledger.Truncation {
        try withRawDatabase { db in
            var truncation = Ledger.Truncation.nothing
            try db.inTransaction {
                truncation = try Ledger.truncateLog(after: position, in: db)
                return .commit
            }
            return truncation
        }
    }

    /// The unsynced events of a household: an expense, an edit and a void of synced transactions, a
    /// new account, a category, a transfer and a foreign expense.
    private func recordUnsynced(editing edited: String, voiding voided: String) throws {
        try expense("7.25", category: "dining")
        try ledger.record(.editTransaction(.init(id: edited, amount: "99.99", payee: .some("Edited Offline"))))
        try ledger.record(.voidTransaction(id: voided, reason: nil))
        try ledger.record(.openAccount(name: "assets:savings", type: .asset, currency: nil))
        try ledger.record(.addCategory(.init(name: "travel")))
        try expense("120", category: "travel", from: "assets:savings", payee: "Train")
        try expense("5", from: "assets:euro", payee: "Bakery")
    }

    func testARebaseOnALedgerWithManySyncedEventsUndoesOnlyItsTailAndEqualsAReplay() throws {
        var ids: [String] = []
        for index in 0..<400 {
            ids.append(try expense("\(index % 50 + 1).\(index % 100)", category: index % 3 == 0 ? "dining" : "groceries",
                                   date: "2026-\(String(format: "%02d", index % 11 + 1))-0\(index % 9 + 1)", payee: "Shop \(index % 17)"))
        }
        let synced = try markSynced()
        let before = try balanceLines()
        XCTAssertEqual(try undoRows(), [], "nothing is kept for synced events")

        try recordUnsynced(editing: ids[10], voiding: ids[20])
        let head = try ledger.head().position
        // Each write kept the undo of its own positions, tiling the unsynced tail.
        let rows = try undoRows()
        XCTAssertEqual(rows.first?.first, synced)
        XCTAssertEqual(rows.last?.last, head)
        XCTAssertEqual(zip(rows, rows.dropFirst()).filter { $0.0[1] != $0.1[0] }.count, 0, "\(rows)")
        XCTAssertNotEqual(try balanceLines(), before)

        XCTAssertEqual(try truncate(after: synced), .undone)
        ledger = try Ledger.open(at: path)
        XCTAssertEqual(try ledger.head().position, synced)
        XCTAssertEqual(try balanceLines(), before)
        XCTAssertEqual(try ledger.replayDifferences(), [], "undone projections equal a replay of the synced prefix")
        XCTAssertEqual(try undoRows(), [], "the undo of dropped events is forgotten")

        // The same events again after the cut (as the server's order brings them back), and more.
        try recordUnsynced(editing: ids[30], voiding: ids[40])
        XCTAssertEqual(try ledger.replayDifferences(), [])
        XCTAssertEqual(try truncate(after: synced + 3), .undone, "a cut inside the tail undoes only what follows it")
        ledger = try Ledger.open(at: path)
        XCTAssertEqual(try ledger.head().position, synced + 3)
        XCTAssertEqual(try ledger.replayDifferences(), [])
    }

    func testARowNotAsTheUndoExpectsFallsBackToAFoldFromTheStart() throws {
        let edited = try expense("10")
        let voided = try expense("20")
        let synced = try markSynced()
        try recordUnsynced(editing: edited, voiding: voided)
        // Something changed a projection row behind the fold's back: the undo no longer fits it.
        try withRawDatabase { db in try db.execute(sql: "UPDATE transactions SET payee = 'Drifted' WHERE txn_id = ?", arguments: [edited]) }
        XCTAssertEqual(try truncate(after: synced), .refolded)
        ledger = try Ledger.open(at: path)
        XCTAssertEqual(try ledger.head().position, synced)
        XCTAssertEqual(try ledger.replayDifferences(), [], "the fold from the start repairs it")
    }

    func testAFileThatNeverSyncedKeepsNoUndoAndRefolds() throws {
        let edited = try expense("10")
        let voided = try expense("20")
        let kept = try ledger.head().position
        try recordUnsynced(editing: edited, voiding: voided)
        XCTAssertEqual(try undoRows(), [])
        XCTAssertEqual(try truncate(after: kept), .refolded)
        ledger = try Ledger.open(at: path)
        XCTAssertEqual(try ledger.replayDifferences(), [])
    }

    func testASyncForgetsTheUndoOfWhatItSynced() throws {
        let synced = try markSynced()
        try expense("1")
        try expense("2")
        XCTAssertEqual(try undoRows().count, 2)
        try withRawDatabase { db in try Ledger.forgetUndo(through: synced + 1, in: db) }
        XCTAssertEqual(try undoRows(), [[synced + 1, synced + 2]])
    }

    func testAMigrationForgetsTheKeptUndo() throws {
        _ = try markSynced()
        try expense("1")
        XCTAssertEqual(try undoRows().count, 1)
        // What every registered migration does after its SQL (LedgerDatabase.migrator): a changeset recorded
        // under the old table shapes must not be applied under the new ones.
        try withRawDatabase { db in try LedgerDatabase.forgetProjectionUndo(in: db) }
        XCTAssertEqual(try undoRows(), [])
        XCTAssertEqual(try truncate(after: try ledger.head().position - 1), .refolded)
    }
}
