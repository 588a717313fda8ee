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
