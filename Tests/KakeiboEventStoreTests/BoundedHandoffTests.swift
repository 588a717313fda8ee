import Foundation
import KakeiboEventStore
import XCTest

final class BoundedHandoffTests: XCTestCase {
    func testElementsArriveInOrderAndTheStreamEnds() throws {
        let handoff = BoundedHandoff<Int>(depth: 2)
        DispatchQueue.global().async {
            handoff.produce { for value in 0..<1000 { try handoff.put(value) } }
        }
        var taken: [Int] = []
        while let value = try handoff.take() { taken.append(value) }
        XCTAssertEqual(taken, Array(0..<1000))
    }

    func testTheProducersErrorFollowsWhatItQueuedFirst() throws {
        struct Broken: Error {}
        let handoff = BoundedHandoff<Int>(depth: 4)
        DispatchQueue.global().async {
            handoff.produce {
                try handoff.put(1)
                throw Broken()
            }
        }
        XCTAssertEqual(try handoff.take(), 1)
        XCTAssertThrowsError(try handoff.take()) { XCTAssertTrue($0 is Broken) }
    }

    func testAbandoningStopsABlockedProducerAndWaitsForIt() throws {
        let handoff = BoundedHandoff<Int>(depth: 1)
        let puts = Counter()
        DispatchQueue.global().async {
            handoff.produce {
                for value in 0... {
                    try handoff.put(value)
                    puts.increment()
                }
            }
        }
        XCTAssertEqual(try handoff.take(), 0)
        handoff.abandon()
        // The producer has finished: it puts nothing more, and `take` sees the end, not an error.
        let finalCount = puts.value
        XCTAssertLessThanOrEqual(finalCount, 2)
        XCTAssertNil(try handoff.take())
        XCTAssertEqual(puts.value, finalCount)
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
}
