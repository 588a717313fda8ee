import Foundation
import XCTest

/// N17: the same manual price typed twice was recorded twice (two PriceRecorded events saying one thing), and a
/// journal's `P` line already entered by hand was appended again.
extension TypedTextCommandTests {
    func testTheSamePriceTwiceRecordsOnce() throws {
        try ok("init", "--currency", "USD")
        XCTAssertEqual(try ok("price", "EUR", "1.08", "--date", "2026-11-01").out, "recorded the price of EUR on 2026-11-01: 1.08 USD")
        let once = try digest()
        // Typed again, or with a trailing zero: the same price, so nothing is appended and the command says so.
        for value in ["1.08", "1.080"] {
            let again = try kakeibo("price", "EUR", value, "--date", "2026-11-01")
            XCTAssertEqual(again.exitCode, 0, "\(again)")
            XCTAssertEqual(again.out, "already recorded the price of EUR on 2026-11-01: \(value) USD")
            XCTAssertEqual(try digest(), once, "price EUR \(value) appended again")
        }
        // Another value on that day, or the same value on another day or in another quote, is a new price.
        try ok("price", "EUR", "1.09", "--date", "2026-11-01")
        try ok("price", "EUR", "1.08", "--date", "2026-11-01")
        try ok("price", "EUR", "1.08", "--date", "2026-11-02")
        try ok("price", "EUR", "160", "--in", "JPY", "--date", "2026-11-02")
        XCTAssertEqual(try kakeibo("log", "--format", "csv").stdoutLines.filter { $0.contains("PriceRecorded") }.count, 5)
        // A journal repeating a price already entered by hand appends only its new line.
        let journal = sandbox.path("prices.journal")
        try "P 2026-11-02 EUR $1.08\nP 2026-12-01 EUR $1.10\nP 2026-12-01 EUR $1.10\n".write(toFile: journal, atomically: true, encoding: .utf8)
        let imported = try ok("import", "journal", journal).out
        XCTAssertTrue(imported.contains("1 price appended, 2 already recorded"), imported)
        XCTAssertEqual(try kakeibo("log", "--format", "csv").stdoutLines.filter { $0.contains("PriceRecorded") }.count, 6)
        XCTAssertEqual(try kakeibo("replay", "--check").exitCode, 0)
    }
}
