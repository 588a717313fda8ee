import KakeiboReceipts
import XCTest

/// The direction OCR misreads digits in: gaps fill in (5 → 6/8, 3 → 9, 6 → 8), rarely the reverse.
final class DigitFillTests: XCTestCase {
    func testADateWithGapsOpenOpensTheFilledReading() {
        XCTAssertTrue(DigitFill.opens("2018-05-11", "2018-08-11"))
        XCTAssertTrue(DigitFill.opens("2018-06-23", "2018-06-29"))
        XCTAssertTrue(DigitFill.opens("2018-02-05", "2018-02-06"))
        XCTAssertTrue(DigitFill.opens("2019-06-16", "2019-08-18"), "6 → 8 twice")
        XCTAssertTrue(DigitFill.opens("2019-03-15", "2019-09-16"), "several digits, each a filled gap")
    }

    func testTheReverseDirectionDoesNotOpen() {
        XCTAssertFalse(DigitFill.opens("2018-08-11", "2018-05-11"))
        XCTAssertFalse(DigitFill.opens("2018-06-29", "2018-06-23"))
        XCTAssertFalse(DigitFill.opens("2018-06-08", "2018-06-05"))
    }

    func testOtherDifferencesAreNotAFilledGap() {
        XCTAssertFalse(DigitFill.opens("2018-06-11", "2018-06-11"), "the same date")
        XCTAssertFalse(DigitFill.opens("2018-06-12", "2018-06-11"), "2 and 1 are not look-alikes")
        XCTAssertFalse(DigitFill.opens("2018-05-12", "2018-08-11"), "one filled gap and one other difference")
        XCTAssertFalse(DigitFill.opens("2018-05-1", "2018-08-11"), "different lengths")
        XCTAssertFalse(DigitFill.opens("2018-04-11", "2018-08-11"), "4 has no gap that fills to 8")
        XCTAssertFalse(DigitFill.opens("2018-03-11", "2018-08-11"), "3 → 8 was not measured")
    }
}
