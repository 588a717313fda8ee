import GRDB
import KakeiboEventStore
import XCTest

/// The append-only triggers are named once, by the event store (issue 35); the names must be the schema's.
final class EventLogTriggerTests: EventStoreTestCase {
    func testTheNamedTriggersAreExactlyTheLogsTriggers() throws {
        let triggers = try db.read { db in
            try Set(String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'events'"))
        }
        XCTAssertEqual(triggers, Set(EventLogTrigger.all))
        XCTAssertEqual(EventLogTrigger.all.count, triggers.count)
    }
}
