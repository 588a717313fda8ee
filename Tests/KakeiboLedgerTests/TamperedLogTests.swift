import GRDB
import KakeiboDomain
import KakeiboEventStore
import KakeiboLedger
import XCTest

/// Issue 13, item 8: a replay makes the projections agree with the log, so on a tampered log it
/// would erase the evidence they hold; a write would chain onto a forgery. Both refuse, naming why.
final class TamperedLogTests: LedgerTestCase {
    private func tamper(_ sql: String, at position: Int64) throws {
        try withRawDatabase { db in
            let trigger = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'events_refuse_update'")!
            try db.execute(sql: "DROP TRIGGER events_refuse_update")
            try db.execute(sql: sql, arguments: [position])
            try db.execute(sql: trigger) // put back, so only the chain gives it away
        }
    }

    func testReplayRefusesAnAlteredEventAndKeepsTheProjections() throws {
        let id = try expense("14.50")
        try expense("1")
        let position = try ledger.history(of: id).entries[0].position
        try tamper("UPDATE events SET payload = replace(payload, '1450', '50') WHERE position = ?", at: position)
        let before = try balanceLines()
        XCTAssertThrowsError(try ledger.replay()) {
            XCTAssertEqual($0 as? EventStoreError, .tamperedLog(refusing: "replay", problem: .badEvent(
                position: position, reason: "content does not match its hash (the event was altered)")))
        }
        XCTAssertEqual(try balanceLines(), before, "the projections still hold what the log said before")
        XCTAssertThrowsError(try ledger.checkIntegrity(before: "compare")) {
            guard case .tamperedLog(_, .badEvent(let found, _))? = $0 as? EventStoreError else { return XCTFail("\($0)") }
            XCTAssertEqual(found, position)
        }
    }

    /// The chain hashes the date as it re-encodes. Read leniently, `2026/11/02` would re-encode to
    /// `2026-11-02` and its hash would still check out, so the rewritten row would pass; read strictly,
    /// it is refused at its position, and nothing is rewritten.
    func testAStoredDateRewrittenInAnotherFormIsRefused() throws {
        let id = try expense("14.50")
        try expense("1")
        let position = try ledger.history(of: id).entries[0].position
        try tamper("UPDATE events SET occurred_on = '2026/11/02' WHERE position = ?", at: position)
        let head = try ledger.head()
        let before = try balanceLines()
        let reason = "event at position \(position) cannot be read: occurredOn \"2026/11/02\" is not a date in its stored form YYYY-MM-DD"
        XCTAssertEqual(try ledger.verify().logProblem, ChainProblem(position: position, reason: reason))
        XCTAssertThrowsError(try ledger.replay()) {
            XCTAssertEqual($0 as? EventStoreError, .tamperedLog(refusing: "replay", problem: .badEvent(position: position, reason: reason)))
        }
        XCTAssertEqual(try ledger.head(), head)
        XCTAssertEqual(try balanceLines(), before)
        XCTAssertEqual(try withRawDatabase { try String.fetchOne($0, sql: "SELECT occurred_on FROM events WHERE position = ?",
                                                                   arguments: [position]) }, "2026/11/02")
    }

    func testWritesRefuseWhenTheAppendOnlyTriggersAreMissing() throws {
        try expense("1")
        try withRawDatabase { db in try db.execute(sql: "DROP TRIGGER events_refuse_delete") }
        let head = try ledger.head()
        XCTAssertThrowsError(try expense("2")) {
            XCTAssertEqual($0 as? EventStoreError, .tamperedLog(refusing: "record anything", problem: .missingTriggers(["events_refuse_delete"])))
        }
        XCTAssertThrowsError(try ledger.replay())
        XCTAssertEqual(try ledger.head(), head)
    }

    func testWritesRefuseWhenTheHeadEventWasAltered() throws {
        try expense("1")
        let head = try ledger.head()
        try tamper("UPDATE events SET actor = 'mallory' WHERE position = ?", at: head.position)
        XCTAssertThrowsError(try expense("2")) {
            guard case .tamperedLog("record anything", .badEvent(let position, _))? = $0 as? EventStoreError else {
                return XCTFail("\($0)")
            }
            XCTAssertEqual(position, head.position)
        }
        XCTAssertEqual(try ledger.head().position, head.position)
    }

    func testAnUntouchedLogIsReplayedAndWritten() throws {
        try expense("1")
        XCTAssertNoThrow(try ledger.replay())
        XCTAssertNoThrow(try ledger.checkIntegrity(before: "compare"))
        XCTAssertNoThrow(try expense("2"))
    }
}
