import KakeiboReceipts
import XCTest

final class TimeExtractorTests: XCTestCase {
    private func time(_ lines: [String]) -> String? { ReceiptLines.parse(lines).time?.value }

    func testColonTimesWithAndWithoutSecondsBesideTheDate() {
        XCTAssertEqual(time(["SHOP", "25/12/2018 12:34", "TOTAL 9.00"]), "12:34")
        XCTAssertEqual(time(["SHOP", "Date: 25/12/2018", "Time: 09:05:59", "TOTAL 9.00"]), "09:05")
    }

    func testTwelveHourClockBecomesTwentyFourHour() {
        XCTAssertEqual(time(["SHOP", "Mar 24, 2018 1:05 PM", "TOTAL 9.00"]), "13:05")
        XCTAssertEqual(time(["SHOP", "24/03/2018 12:15AM", "TOTAL 9.00"]), "00:15")
        XCTAssertEqual(time(["SHOP", "24/03/2018 12:15 P.M.", "TOTAL 9.00"]), "12:15")
    }

    func testDottedTimeOnlyBesideADateOrATimeLabel() {
        XCTAssertEqual(time(["SHOP", "24/03/2018 13.45", "TOTAL 9.00"]), "13:45")
        XCTAssertEqual(time(["SHOP", "TIME 13.45", "TOTAL 9.00"]), "13:45")
        // Elsewhere 13.45 is money.
        XCTAssertNil(time(["SHOP", "24/03/2018", "NASI LEMAK 13.45", "TOTAL 13.45"]))
    }

    func testImpossibleTimesAreRefused() {
        XCTAssertNil(time(["SHOP", "24/03/2018 25:10", "TOTAL 9.00"]))
        XCTAssertNil(time(["SHOP", "24/03/2018 10:75", "TOTAL 9.00"]))
        XCTAssertNil(time(["SHOP", "24/03/2018 13:05 AM", "TOTAL 9.00"]))
        // A 24-hour figure some tills still suffix with PM.
        XCTAssertEqual(time(["SHOP", "2017-12-28 22:17PM", "TOTAL 9.00"]), "22:17")
    }

    func testTheLabelledTimeWinsAndARivalLowersConfidence() throws {
        let one = try XCTUnwrap(ReceiptLines.parse(["SHOP", "24/03/2018", "TIME: 18:20", "TOTAL 9.00"]).time)
        let two = try XCTUnwrap(ReceiptLines.parse(["SHOP", "24/03/2018", "TIME: 18:20", "TABLE OPEN 17:55", "TOTAL 9.00"]).time)
        XCTAssertEqual(one.value, "18:20")
        XCTAssertEqual(one.rows, [2])
        XCTAssertEqual(two.value, "18:20")
        XCTAssertLessThan(two.confidence, one.confidence)
    }
}
