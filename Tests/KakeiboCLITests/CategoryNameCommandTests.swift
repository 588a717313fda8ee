import Foundation
import XCTest

/// Category names as people type them (issue 29): under another root (B10), and in Unicode's two forms (N13).
final class CategoryNameCommandTests: KakeiboCLITestCase {
    /// `category add assets:x` opened an expense account under assets, and `balance` netted it into the assets.
    func testACategoryUnderAnotherRootIsRefusedAndAppendsNothing() throws {
        try standardLedger()
        let before = try digest()
        for (name, type) in [("assets:x", "an asset"), ("liabilities:visa", "a liability"), ("equity:foo", "an equity")] {
            let result = try kakeibo("category", "add", name)
            XCTAssertEqual(result.exitCode, 1, "\(result)")
            XCTAssertEqual(result.stderrLines.count, 1, "\(result)")
            XCTAssertTrue(result.err.hasPrefix("kakeibo: error: account \"\(name)\" is \(type) account, but an expense account (a category) is needed here"),
                          "\(result)")
        }
        XCTAssertEqual(try digest(), before)
        XCTAssertEqual(try ok("category", "add", "income:bonus").out, "added category income:bonus", "an income root names an income category")
        XCTAssertTrue(try ok("account", "list", "--format", "csv").out.contains("income:bonus,income"))
    }

    /// NFC `café` and NFD `café` were two identical-looking categories; beancount's export then merged their names.
    func testComposedAndDecomposedNamesAreOneCategory() throws {
        try initialisedLedger()
        let composed = "caf\u{00E9}", decomposed = "cafe\u{0301}"
        XCTAssertEqual(try ok("category", "add", decomposed).out, "added category \(decomposed)")
        let again = try kakeibo("category", "add", composed)
        XCTAssertEqual(again.exitCode, 1, "\(again)")
        XCTAssertTrue(again.err.contains("already exists"), "\(again)")
        // Either spelling finds it, and it is stored composed.
        try record("expense", "4.50", "--from", "assets:checking", "--category", composed)
        try record("expense", "3.00", "--from", "assets:checking", "--category", decomposed)
        let balances = try balanceCSV()
        XCTAssertTrue(Array(balances.utf8).containsSubsequence(Array("expenses:\(composed),USD,7.50".utf8)), balances)
        XCTAssertFalse(Array(balances.utf8).containsSubsequence(Array(decomposed.utf8)), "stored in the composed form: \(balances)")
        let opened = try kakeibo("account", "open", "assets:\(decomposed)")
        XCTAssertEqual(opened.exitCode, 0, "\(opened)")
        XCTAssertEqual(try kakeibo("account", "open", "assets:\(composed)").exitCode, 1, "the same name in the other form exists")
    }

    /// N25: an archived category's budget kept rolling over, shown as `dining (archived) … available 346.00`.
    func testArchivingACategoryClearsItsBudgetFromThisPeriodOn() throws {
        try standardLedger()
        try ok("budget", "set", "groceries", "150", "--from", "2026-10-01")
        XCTAssertEqual(try ok("category", "archive", "groceries").out,
                       "archived category groceries; its budget is cleared from this period on")
        let now = try sandbox.runRaw(["--db", db, "budget", "report", "--format", "json"], extraEnvironment: ["KAKEIBO_NOW": "2026-11-25"])
        XCTAssertEqual((try now.jsonObject()["lines"] as? [[String: Any]])?.count, 0, "\(now)")
        let october = try ok("budget", "report", "--period", "2026-10", "--format", "json").jsonObject()
        XCTAssertEqual((october["lines"] as? [[String: Any]])?.count, 1, "the months before keep their budget: \(october)")
        try ok("category", "add", "dining")
        XCTAssertEqual(try ok("category", "archive", "dining").out, "archived category dining", "no budget, nothing to clear")
        _ = try ok("verify")
    }
}

private extension Array where Element: Equatable {
    func containsSubsequence(_ other: [Element]) -> Bool {
        guard !other.isEmpty, other.count <= count else { return other.isEmpty }
        return (0...(count - other.count)).contains { Array(self[$0..<($0 + other.count)]) == other }
    }
}
