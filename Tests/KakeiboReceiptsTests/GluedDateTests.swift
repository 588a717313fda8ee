import KakeiboReceipts
import XCTest

/// N7: PP-OCR reads a date row with little space as one word, the year glued to the time (`DATE:05Sep202414:20`);
/// the date was missed and the expense booked on the day of import.
final class GluedDateTests: XCTestCase {
    func testAYearGluedToTheTimeIsStillADate() {
        let named = ReceiptLines.parse(["HARBOUR BOOKS LTD", "DATE:05Sep202414:20", "TOTAL 16.74"])
        XCTAssertEqual(named.date?.value, "2024-09-05")
        XCTAssertEqual(named.time?.value, "14:20")
        let numeric = ReceiptLines.parse(["KEDAI MAJU", "DATE:05/09/202414:20", "TOTAL 16.74"])
        XCTAssertEqual(numeric.date?.value, "2024-09-05")
        XCTAssertEqual(numeric.time?.value, "14:20")
        XCTAssertEqual(ReceiptLines.parse(["KEDAI MAJU", "05-09-20247:15PM", "TOTAL 1.00"]).date?.value, "2024-09-05")
    }

    func testLongFiguresAreNotYears() {
        // A receipt number or a phone number before a time is no date.
        XCTAssertNil(ReceiptLines.parse(["KEDAI MAJU", "INV 2024114:20", "TOTAL 1.00"]).date)
        XCTAssertNil(ReceiptLines.parse(["KEDAI MAJU", "NO:20241 14:20", "TOTAL 1.00"]).date)
    }
}
