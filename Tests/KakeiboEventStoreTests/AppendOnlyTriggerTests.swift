import GRDB
import KakeiboEventStore
import XCTest

final class AppendOnlyTriggerTests: EventStoreTestCase {
    func testUpdateIsRefusedByTheDatabase() throws {
        try append([event("a")])
        XCTAssertThrowsError(try db.write { try $0.execute(sql: "UPDATE events SET payload = '{}'") }) { error in
            XCTAssertTrue("\(error)".contains("append-only"), "\(error)")
        }
    }

    func testDeleteIsRefusedByTheDatabase() throws {
        try append([event("a")])
        XCTAssertThrowsError(try db.write { try $0.execute(sql: "DELETE FROM events") })
        XCTAssertEqual(try db.read(EventLog.count), 1)
    }

    func testInsertingOutOfOrderOrOffChainIsRefused() throws {
        try append([event("a")])
        let insert = """
            INSERT INTO events (position, event_id, stream, stream_version, type, schema_version, recorded_at, source,
                                actor, command_id, payload, previous_hash, hash)
            VALUES (?, 'x', 's', ?, 'T', 1, 0, 'manual', 'a', 'c', '{}', ?, ?)
            """
        let head = try db.read { try EventLog.head(in: $0) }
        let other = Data(repeating: 7, count: 32)
        // A gap in positions.
        XCTAssertThrowsError(try db.write { try $0.execute(sql: insert, arguments: [5, 2, Data(head.hash), other]) })
        // A stream version that skips.
        XCTAssertThrowsError(try db.write { try $0.execute(sql: insert, arguments: [2, 3, Data(head.hash), other]) })
        // A previous hash that is not the head's.
        XCTAssertThrowsError(try db.write { try $0.execute(sql: insert, arguments: [2, 2, other, other]) })
        XCTAssertEqual(try db.read(EventLog.count), 1)
    }
}
