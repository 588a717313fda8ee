import GRDB
import KakeiboDomain
import KakeiboEventStore
import XCTest

final class EventLogAppendTests: EventStoreTestCase {
    func testPositionsAreGaplessAndStreamsVersioned() throws {
        try append([event("a"), event("b", stream: "t")])
        try append([event("c")])
        let rows = try db.read { db in
            try Row.fetchAll(db, sql: "SELECT position, stream, stream_version FROM events ORDER BY position")
        }
        XCTAssertEqual(rows.map { $0[0] as Int64 }, [1, 2, 3])
        XCTAssertEqual(rows.map { $0[2] as Int64 }, [1, 1, 2])
    }

    func testEachEventLinksToThePreviousHash() throws {
        try append([event("a"), event("b")])
        let (first, second) = try db.read { db in
            (try Row.fetchOne(db, sql: "SELECT previous_hash, hash FROM events WHERE position = 1")!,
             try Row.fetchOne(db, sql: "SELECT previous_hash, hash FROM events WHERE position = 2")!)
        }
        XCTAssertEqual(first[0] as Data, Data(EventHasher.genesis))
        XCTAssertEqual(second[0] as Data, first[1] as Data)
        XCTAssertNotEqual(second[1] as Data, first[1] as Data)
    }

    func testExpectedVersionConflictIsTypedAndAppendsNothing() throws {
        try append([event("a")])
        XCTAssertThrowsError(try append([event("b")], expecting: ["s": .exact(0)])) { error in
            XCTAssertEqual(error as? EventStoreError, .wrongExpectedVersion(stream: "s", expected: .exact(0), actual: 1))
        }
        XCTAssertThrowsError(try append([event("b")], expecting: ["s": .noStream])) { error in
            XCTAssertEqual(error as? EventStoreError, .wrongExpectedVersion(stream: "s", expected: .noStream, actual: 1))
        }
        XCTAssertEqual(try db.read(EventLog.count), 1)
        XCTAssertEqual(positions(try append([event("b")], expecting: ["s": .exact(1)])), [2])
    }

    // SQLStreamStore's acceptance cases, by event id.

    func testSameEventsTwiceReturnSamePositions() throws {
        let first = try append([event("a"), event("b")])
        let second = try append([event("a"), event("b")])
        XCTAssertEqual(second, .alreadyRecorded(positions: positions(first)))
        XCTAssertEqual(try db.read(EventLog.count), 2)
    }

    func testSameIdsWithDifferentContentConflict() throws {
        try append([event("a", amount: 1)])
        XCTAssertThrowsError(try append([event("a", amount: 2)])) { error in
            XCTAssertEqual(error as? EventStoreError, .eventIDConflict(eventID: "a"))
        }
        XCTAssertEqual(try db.read(EventLog.count), 1)
    }

    func testSubsetOfAppendedEventsIsIdempotent() throws {
        try append([event("a"), event("b"), event("c")])
        XCTAssertEqual(try append([event("a"), event("b")]), .alreadyRecorded(positions: [1, 2]))
        XCTAssertThrowsError(try append([event("a"), event("z")]))
        XCTAssertEqual(try db.read(EventLog.count), 3)
    }

    // Idempotency keys: a retried command appends nothing.

    func testSameKeySameCommandIsAlreadyRecorded() throws {
        let first = try append([event("a"), event("b")], key: "k1", hash: String(repeating: "ab", count: 32))
        let retry = try append([event("x"), event("y")], key: "k1", hash: String(repeating: "ab", count: 32))
        XCTAssertEqual(retry, .alreadyRecorded(positions: positions(first)))
        XCTAssertEqual(try db.read(EventLog.count), 2)
    }

    func testSameKeyDifferentCommandIsAnError() throws {
        try append([event("a")], key: "k1", hash: String(repeating: "ab", count: 32))
        XCTAssertThrowsError(try append([event("b")], key: "k1", hash: String(repeating: "cd", count: 32))) { error in
            XCTAssertEqual(error as? EventStoreError, .idempotencyConflict(key: "k1"))
        }
        XCTAssertEqual(try db.read(EventLog.count), 1)
    }

    func testStoredEventsReadBackExactly() throws {
        guard case .appended(let written) = try append([event("a"), event("b", stream: "t")]) else {
            return XCTFail("expected an append")
        }
        var read: [EventEnvelope] = []
        try db.read { db in try EventLog.forEach(in: db) { envelope, _, _ in read.append(envelope) } }
        XCTAssertEqual(read, written)
        XCTAssertEqual(try db.read { try EventLog.events(inStream: "t", in: $0) }, [written[1]])
    }
}
