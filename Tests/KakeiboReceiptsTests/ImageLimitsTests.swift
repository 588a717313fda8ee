import Foundation
import KakeiboReceiptImage
import XCTest

/// `ImageLimits` reads only the header: sizes are known, and refused, before any pixel is decoded.
final class ImageLimitsTests: XCTestCase {
    private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/hostile")

    func testHeaderGivesFormatAndSizeWithinTheLimits() throws {
        let header = try ImageLimits().check(imageAt: fixtures.appendingPathComponent("injection.png").path)
        XCTAssertEqual([header.width, header.height], [1100, 300])
        XCTAssertEqual(header.format, .png)
        XCTAssertEqual(try ImageLimits().check(imageAt: fixtures.appendingPathComponent("truncated.jpg").path).format, .jpeg)
    }

    func testEachLimitRefusesOnItsOwn() {
        let image = fixtures.appendingPathComponent("injection.png").path
        for limits in [ImageLimits(maximumPixels: 1100 * 300 - 1), ImageLimits(maximumSide: 1099), ImageLimits(maximumBytes: 100)] {
            XCTAssertThrowsError(try limits.check(imageAt: image)) { error in
                guard case .imageTooLarge(let path, _)? = error as? ReceiptImageError else { return XCTFail("\(error)") }
                XCTAssertEqual(path, image)
            }
        }
        XCTAssertNoThrow(try ImageLimits(maximumPixels: 1100 * 300, maximumSide: 1100).check(imageAt: image))
    }

    func testBombIsMeasuredNotDecoded() throws {
        let started = ContinuousClock.now
        XCTAssertThrowsError(try ImageLimits().check(imageAt: fixtures.appendingPathComponent("bomb.png").path)) { error in
            XCTAssertTrue("\(error)".contains("50000 × 50000"), "\(error)")
        }
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(2))
    }
}
