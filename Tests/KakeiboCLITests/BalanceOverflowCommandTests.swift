import Foundation
import XCTest

/// Issue 13, item 1, end to end: an amount that fits on its own but not in a balance is refused
/// with one line and appends nothing, by hand and after a journal import; reports keep working.
final class BalanceOverflowCommandTests: KakeiboCLITestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try initialisedLedger()
    }

    func testAnExpensePastTheCategoryBalanceIsRefused() throws {
        try record("expense", "1", "--from", "assets:checking", "--category", "groceries", "--date", "2026-11-02")
        try assertRefused(["expense", "92233720368547758.07", "--from", "assets:checking", "--category", "groceries",
                           "--date", "2026-11-02"],
                          mentioning: ["the balance of \"expenses:groceries\"", "beyond"], exitCode: 1)
        XCTAssertEqual(try balanceCSV(), "account,currency,amount\nassets:checking,USD,-1.00\nexpenses:groceries,USD,1.00")
        try ok("verify")
        XCTAssertEqual(try kakeibo("replay").exitCode, 0)
    }

    func testATransferAfterAHugeJournalPostingIsRefused() throws {
        let journal = sandbox.path("huge.journal")
        try """
            2026-11-01 opening
                assets:a          $92233720368547758.07
                equity:opening

            """.write(toFile: journal, atomically: true, encoding: .utf8)
        try ok("import", "journal", journal)
        try assertRefused(["transfer", "0.01", "--from", "equity:opening", "--to", "assets:a"],
                          mentioning: ["assets:a", "beyond"], exitCode: 1)
        let balance = try ok("balance")
        XCTAssertTrue(balance.out.contains("92233720368547758.07"), "\(balance)")
        try ok("account", "list")
        try ok("export", "journal")
        try ok("verify")
    }
}
