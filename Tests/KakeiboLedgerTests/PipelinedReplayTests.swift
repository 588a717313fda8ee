import GRDB
import KakeiboDomain
import KakeiboEventStore
import KakeiboLedger
import XCTest

/// Replays read the log in batches of 2,048 events and check and decode them on another core
/// while this one folds them (issue 12, item 6). These logs span several batches, so the events
/// cross from one batch to the next, and the pipeline is full when the fold or the chain fails.
final class PipelinedReplayTests: LedgerTestCase {
    /// 5,000 expenses on varied days and categories, in one batch: 5,000 events past the setup.
    private func fill(_ count: Int = 5_000) throws {
        try ledger.record(batch: (0..<count).map { index in
            .captureExpense(.init(amount: "\(index % 97 + 1).\(index % 10)5", date: try! LocalDate(iso: "2026-0\(index % 9 + 1)-1\(index % 9)"),
                                  from: index % 3 == 0 ? "liabilities:visa" : "assets:checking",
                                  to: index % 2 == 0 ? "groceries" : "dining", payee: "Shop \(index % 13)"))
        })
    }

    func testAReplayAcrossManyBatchesRebuildsWhatTheLiveTablesHold() throws {
        try fill()
        let before = try balanceLines()
        let head = try ledger.head()
        XCTAssertGreaterThan(head.position, 2 * 2_048, "three batches: two full, one short")
        XCTAssertEqual(try ledger.replayDifferences(), [], "a scratch rebuild (unverified, batched) equals the live tables")
        var reported: [Int64] = []
        XCTAssertEqual(try ledger.replay { done, _ in reported.append(done) }, head.position)
        XCTAssertEqual(reported.last, head.position)
        XCTAssertEqual(reported, reported.sorted(), "progress only goes forward")
        XCTAssertEqual(try balanceLines(), before)
        XCTAssertEqual(try ledger.replayDifferences(), [], "the verified replay wrote what the log says")
        XCTAssertEqual(try ledger.head(), head, "a replay appends nothing")
    }

    func testAnAlteredEventInALaterBatchRefusesTheReplayAndKeepsTheProjections() throws {
        try fill()
        let position: Int64 = 4_500 // in the third batch: the first two were folded already
        try withRawDatabase { db in
            let trigger = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'events_refuse_update'")!
            try db.execute(sql: "DROP TRIGGER events_refuse_update")
            try db.execute(sql: "UPDATE events SET actor = 'mallory' WHERE position = ?", arguments: [position])
            try db.execute(sql: trigger)
        }
        let before = try balanceLines()
        XCTAssertThrowsError(try ledger.replay()) {
            XCTAssertEqual($0 as? EventStoreError, .tamperedLog(refusing: "replay", problem: .badEvent(
                position: position, reason: "content does not match its hash (the event was altered)")))
        }
        XCTAssertEqual(try balanceLines(), before, "the rebuild rolled back")
        XCTAssertEqual(try ledger.replayDifferences(), [], "the live tables are the ones from before")
    }

    func testAMissingEventInALaterBatchIsNamedByPosition() throws {
        try fill()
        try withRawDatabase { db in
            let trigger = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'events_refuse_delete'")!
            try db.execute(sql: "DROP TRIGGER events_refuse_delete")
            try db.execute(sql: "DELETE FROM events WHERE position = 3000")
            try db.execute(sql: trigger)
        }
        let before = try balanceLines()
        XCTAssertThrowsError(try ledger.replay()) {
            XCTAssertEqual($0 as? EventStoreError, .tamperedLog(refusing: "replay", problem: .badEvent(
                position: 3000, reason: "event missing (the next stored position is 3001)")))
        }
        XCTAssertEqual(try balanceLines(), before)
    }
}
