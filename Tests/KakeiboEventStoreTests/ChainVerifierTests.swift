import GRDB
import KakeiboEventStore
import XCTest

final class ChainVerifierTests: EventStoreTestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        for index in 1...5 { try append([event("e\(index)", amount: Int64(index))]) }
    }

    func testIntactChainVerifies() throws {
        let report = try verify()
        XCTAssertNil(report.problem)
        XCTAssertEqual(report.eventCount, 5)
        XCTAssertEqual(report.head.position, 5)
    }

    func testChangedPayloadByteIsFoundAtItsPosition() throws {
        try tamper("UPDATE events SET payload = replace(payload, '3', '4') WHERE position = 3")
        XCTAssertEqual(try verify().problem?.position, 3)
    }

    func testDeletedEventIsFoundAtItsPosition() throws {
        try tamper("DELETE FROM events WHERE position = 2")
        XCTAssertEqual(try verify().problem?.position, 2)
    }

    func testSwappedEventsAreFound() throws {
        try tamper("""
            UPDATE events SET payload = CASE position WHEN 2 THEN (SELECT payload FROM events WHERE position = 4)
                                                      ELSE (SELECT payload FROM events WHERE position = 2) END
            WHERE position IN (2, 4)
            """)
        XCTAssertEqual(try verify().problem?.position, 2)
    }

    func testRehashedTailIsOnlyCaughtAgainstASavedDigest() throws {
        let saved = try verify().head
        try tamper("DELETE FROM events WHERE position = 5")
        // Without the digest, a shorter log is still a valid chain: that is the honest limit.
        XCTAssertNil(try verify().problem)
        let problem = try verify(expecting: saved).problem
        XCTAssertEqual(problem?.position, 5)
        XCTAssertTrue(problem?.reason.contains("removed from the end") ?? false)
    }

    /// The attacker the README describes: they change an amount and re-hash every event after it.
    /// The chain verifies on its own; only a digest kept elsewhere shows the log is not the one it was.
    func testForgedPayloadWithRecomputedHashesIsCaughtOnlyAgainstASavedDigest() throws {
        let saved = try verify().head
        try tamper("UPDATE events SET payload = replace(payload, '\"amount\":3', '\"amount\":300') WHERE position = 3")
        XCTAssertEqual(try verify().problem?.position, 3, "a plain edit breaks the chain")
        try db.writeWithoutTransaction { db in
            var previous = try XCTUnwrap(EventLog.hash(at: 2, in: db))
            for position: Int64 in 3...5 {
                let envelope = try XCTUnwrap(EventLog.event(at: position, in: db))
                let payload = try XCTUnwrap(String.fetchOne(db, sql: "SELECT payload FROM events WHERE position = ?", arguments: [position]))
                let hash = EventHasher.hash(previous: previous, envelope: envelope, payload: Array(payload.utf8))
                try db.execute(sql: "UPDATE events SET previous_hash = ?, hash = ? WHERE position = ?",
                               arguments: [Data(previous), Data(hash), position])
                previous = hash
            }
        }
        XCTAssertEqual(try db.read { db in try String.fetchOne(db, sql: "SELECT payload FROM events WHERE position = 3") }?
            .contains("\"amount\":300"), true, "the forgery did not apply")
        XCTAssertNil(try verify().problem, "a re-hashed log is a valid chain: detection needs the digest the user kept")
        XCTAssertEqual(try verify(expecting: saved).problem?.position, 5)
    }

    func testDigestOfAnEarlierPositionStillMatchesAfterGrowth() throws {
        let saved = try verify().head
        try append([event("e6")])
        XCTAssertNil(try verify(expecting: saved).problem)
        let forged = ChainDigest(position: 3, hash: [UInt8](repeating: 1, count: 32))
        XCTAssertEqual(try verify(expecting: forged).problem?.position, 3)
    }

    func testDigestRoundTripsThroughText() {
        let digest = ChainDigest(position: 42, hash: Array(0..<32))
        XCTAssertEqual(ChainDigest(digest.description), digest)
        XCTAssertNil(ChainDigest("42"))
        XCTAssertNil(ChainDigest("x:00"))
    }
}
