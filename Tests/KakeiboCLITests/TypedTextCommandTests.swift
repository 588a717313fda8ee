import Foundation
@testable import kakeibo
import XCTest

/// Texts, dates and prices as a careless user types them (issue 29: B23, B20, N17).
final class TypedTextCommandTests: KakeiboCLITestCase {
    /// A blank payee and invisible characters made entries that look blank or identical to others.
    func testBlankAndInvisibleTextIsRefusedInOneLine() throws {
        try standardLedger()
        let before = try digest()
        let refusals: [([String], String)] = [
            (["expense", "1", "--from", "assets:checking", "--category", "groceries", "--payee", "   "], "invalid payee: it is only spaces"),
            (["expense", "1", "--from", "assets:checking", "--category", "groceries", "--payee", "a\u{200D}b"],
             "invalid payee: it contains the invisible character U+200D"),
            (["expense", "1", "--from", "assets:checking", "--category", "groceries", "--memo", "x\u{200B}"],
             "invalid memo: it contains the invisible character U+200B"),
            (["category", "add", "zero\u{200B}width"], "it contains the invisible character U+200B"),
            (["account", "open", "assets:a\u{2060}b"], "it contains the invisible character U+2060"),
            (["category", "add", "foo", "--hue", "-1"], "hue -1 is out of range"),
            (["price", "EUR", "-1"], "a price must be above zero"),
        ]
        for (arguments, expected) in refusals {
            let result = try sandbox.run(arguments)
            XCTAssertEqual(result.exitCode, 1, "\(arguments):\n\(result)")
            XCTAssertEqual(result.stderrLines.count, 1, "\(result)")
            XCTAssertTrue(result.err.contains(expected), "\(arguments) should say \(expected):\n\(result)")
        }
        XCTAssertEqual(try digest(), before)
        // Joiners that shape a script or an emoji sequence stay.
        try record("expense", "1", "--from", "assets:checking", "--category", "groceries", "--payee", "👨\u{200D}👩\u{200D}👧 family")
        try record("expense", "1", "--from", "assets:checking", "--category", "groceries", "--payee", "می\u{200C}خواهم")
    }

    /// Full-width and emoji names pushed their table columns out of line (B23): columns are counted as drawn.
    func testTablesLineUpWideCharacters() throws {
        try standardLedger()
        try ok("category", "add", "ｆｕｌｌ")
        try ok("category", "add", "食堂")
        try record("expense", "1", "--from", "assets:checking", "--category", "食堂", "--payee", "👨\u{200D}👩\u{200D}👧 family")
        for table in [try ok("category", "list").out, try ok("register", "assets:checking").out] {
            let lines = table.split(separator: "\n").map(String.init)
            // Where the second column starts, in terminal columns, on every line: the rule's second run of dashes.
            let rule = lines[1]
            let start = rule.distance(from: rule.startIndex, to: rule.range(of: "  -")!.lowerBound) + 2
            for line in lines.dropFirst(2) {
                let cut = line.index(line.startIndex, offsetBy: line.count)
                var width = 0, index = line.startIndex
                while index < cut, width < start { width += line[index].displayWidth; index = line.index(after: index) }
                XCTAssertEqual(width, start, "a wide character shifts the second column:\n\(table)")
                XCTAssertNotEqual(line[index], " ", "the second column starts where its rule does:\n\(table)")
            }
        }
    }

    /// Found by the command-line fuzzer: a refusal quoting a typed line break printed on two lines.
    func testARefusalQuotingALineBreakStaysOnOneLine() throws {
        try standardLedger()
        let result = try kakeibo("txn", "--posting", "asets::\nuro=1", "--posting", "assets:checking")
        XCTAssertEqual(result.exitCode, 1, "\(result)")
        XCTAssertEqual(result.stderrLines, ["kakeibo: error: unknown account \"asets::\\nuro\"; open it with `kakeibo account open "
                                            + "asets::\\nuro --type TYPE` or see `kakeibo account list`"])
    }

    func testADateOverAYearAheadIsRecordedWithANote() throws {
        try standardLedger()
        let result = try kakeibo("expense", "1", "--from", "assets:checking", "--category", "groceries", "--date", "2206-01-01")
        XCTAssertEqual(result.exitCode, 0, "\(result)")
        XCTAssertTrue(result.out.isUUIDShaped, "\(result)")
        XCTAssertTrue(result.err.hasPrefix("note: 2206-01-01 is more than a year after today ("), "\(result)")
        XCTAssertEqual(try kakeibo("expense", "1", "--from", "assets:checking", "--category", "groceries", "--date", "2026-01-01").stderr, "")
    }

    func testAPriceSaysWhatWasRecorded() throws {
        try standardLedger()
        XCTAssertEqual(try ok("price", "EUR", "1.16", "--date", "2026-03-22").out, "recorded the price of EUR on 2026-03-22: 1.16 USD")
    }

    func testAnAmbiguousAmountGivesOneAdvice() throws {
        try standardLedger()
        let result = try kakeibo("expense", "10.000", "--from", "assets:checking", "--category", "groceries")
        XCTAssertTrue(result.err.hasSuffix("write 10.00 or 10000"), "\(result)")
    }
}
