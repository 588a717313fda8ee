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
