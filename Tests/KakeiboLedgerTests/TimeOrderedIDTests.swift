import Foundation
@testable import KakeiboLedger
import KakeiboTestSupport
import XCTest

final class TimeOrderedIDTests: XCTestCase {
    func testStringMatchesFoundationsUUIDFormatting() {
        var random = SplitMix64(seed: 3)
        for _ in 0..<1_000 {
            let high = random.next(), low = random.next()
            var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            withUnsafeMutableBytes(of: &bytes) { raw in
                raw.storeBytes(of: high.bigEndian, toByteOffset: 0, as: UInt64.self)
                raw.storeBytes(of: low.bigEndian, toByteOffset: 8, as: UInt64.self)
            }
            XCTAssertEqual(TimeOrderedID.uuidString(high: high, low: low), UUID(uuid: bytes).uuidString.lowercased())
        }
    }

    func testIDsGrowWithinAndAcrossMilliseconds() {
        let clock = Clock()
        let ids = TimeOrderedID(now: { clock.now }, random: { 0 })
        var previous = ids.next()
        for step in 0..<10_000 {
            if step % 1_000 == 0 { clock.now += 1 }
            let next = ids.next()
            XCTAssertLessThan(previous, next)
            XCTAssertTrue(next.dropFirst(14).hasPrefix("7"), next) // version nibble
            previous = next
        }
    }

    private final class Clock: @unchecked Sendable { var now: Int64 = 1_700_000_000_000 }
}

final class SystemRandomPoolTests: XCTestCase {
    /// Past several refills of 512, no value repeats (64 random bits: a repeat in 5,000 draws is
    /// a broken fill, not chance) and the bits are not stuck at 0 or 1.
    func testValuesAcrossRefillsAreDistinctAndUseEveryBit() {
        let pool = SystemRandomPool()
        let values = (0..<5_000).map { _ in pool.next() }
        XCTAssertEqual(Set(values).count, values.count)
        XCTAssertEqual(values.reduce(0, |), .max)
        XCTAssertEqual(values.reduce(.max, &), 0)
    }
}
