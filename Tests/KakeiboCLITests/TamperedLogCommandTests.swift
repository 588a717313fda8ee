import Foundation
import XCTest

/// Issue 13, item 8: `replay`, `replay --check` and writes check the log before trusting it.
final class TamperedLogCommandTests: KakeiboCLITestCase {
    func testReplayAndReplayCheckRefuseALogWithADeletedEvent() throws {
        try SQLite3.requireInstalled()
        try standardLedger()
        let trigger = try SQLite3.run(db, "SELECT sql FROM sqlite_master WHERE name = 'events_refuse_delete'")
        try SQLite3.run(db, "DROP TRIGGER events_refuse_delete; DELETE FROM events WHERE position = 7; \(trigger);")
        let before = try balanceCSV()

        let check = try kakeibo("replay", "--check")
        assertFailure(check, mentioning: ["position 7", "event missing"])
        XCTAssertFalse(check.stderr.contains("run `kakeibo replay`"), "never advise erasing the evidence: \(check)")
        assertFailure(try kakeibo("replay"), mentioning: ["refusing to replay", "position 7"])
        XCTAssertEqual(try balanceCSV(), before, "the projections keep what the log said before")
    }

    func testWritesRefuseWhenTriggersAreMissing() throws {
        try SQLite3.requireInstalled()
        try standardLedger()
        try SQLite3.run(db, "DROP TRIGGER events_refuse_update")
        let count = try SQLite3.run(db, "SELECT count(*) FROM events")
        assertFailure(try kakeibo("expense", "1", "--from", "assets:checking", "--category", "groceries"),
                      mentioning: ["refusing to record anything", "events_refuse_update"])
        XCTAssertEqual(try SQLite3.run(db, "SELECT count(*) FROM events"), count)
    }
}
