import Foundation
import XCTest

/// What the command-line fuzzer (`CommandLineFuzzTests`) and the reader properties (`ReaderPropertyTests`) found,
/// run through the built binary: a trap here is a failed test, not a dead test process. Issue 29, item 3.
final class CommandLineFuzzRegressionTests: KakeiboCLITestCase {
    /// `bal -p 9999-12-31` trapped: the period of one day ends the next day, 10000-01-01, and
    /// `LocalDate(daysSinceEpoch:)` preconditions years 1…9999. `date:` terms and `register -p` share the path.
    func testAPeriodEndingOnTheLastSupportedDayIsAnsweredOrRefusedInOneLine() throws {
        try standardLedger()
        for arguments in [["bal", "-p", "9999-12-31"], ["bal", "date:9999-12-31"], ["bal", "date:..9999-12-31"],
                          ["bal", "-p", "9999-12-31.."], ["register", "-p", "9999-12-31"], ["bal", "-e", "9999-12-31"],
                          ["bal", "-b", "9999-12-31"],
                          // Period columns up to the open end (9999-12-31): ReportInterval.next(after:) stepped past it.
                          ["bal", "-W", "-p", ".."], ["bal", "-M", "-p", "2026-01-01.."], ["bal", "-Y", "-p", ".."],
                          ["bal", "-W", "-e", "2026-11-22", "-p", "..", "--depth", "1", "--as-of", "2026-01-01", "--format", "json"],
                          // --as-of on the last day beside a period or query: one day is added to it (Ledger+QueryReports).
                          ["bal", "-p", "2026-10", "--as-of", "9999-12-31"], ["bal", "-W", "-p", "2026", "--as-of", "9999-12-31"],
                          ["register", "--as-of", "9999-12-31"], ["bal", "--as-of", "9999-12-31"]] {
            let before = try digest()
            let result = try sandbox.run(arguments)
            XCTAssertFalse(result.crashed, "trapped:\n\(result)")
            XCTAssertTrue(result.exitCode == 0 || (result.exitCode == 1 && result.stderrLines.count == 1), "\(result)")
            XCTAssertEqual(try digest(), before, "a report leaves the log as it was")
        }
    }

    /// An edit that recategorises the standard expense and moves it to a liability, then an expense to the new category
    /// with the same payee: `verify` found `suggestion_features` and `suggestion_vocabulary` differing from a replay
    /// (fuzz seed 29, first epoch, reduced from 44 recorded commands to these 2 on this ledger).
    func testVerifyHoldsAfterAnEditAndAnExpenseToTheEditedCategory() throws {
        try ok("init", "--currency", "USD")
        for (name, type) in [("assets:checking", "asset"), ("assets:cash", "asset"), ("liabilities:visa", "liability"),
                             ("income:salary", "income")] {
            try ok("account", "open", name, "--type", type)
        }
        try ok("account", "open", "assets:euro", "--type", "asset", "--currency", "EUR")
        try ok("category", "add", "groceries")
        try ok("category", "add", "food")
        let id = try record("expense", "12.50", "--from", "assets:checking", "--category", "groceries", "--payee", "Corner Shop",
                            "--date", "2026-11-02")
        try ok("price", "EUR", "1.08", "--date", "2026-11-01")
        _ = try kakeibo("edit", id, "--amount", "42", "--date", "2026-11-21", "--payee", "Café", "--category", "expenses:food",
                        "--to", "liabilities:visa", "--reason", "食堂", "--reason", "-")
        _ = try kakeibo("expense", "12.50", "--from", "assets:checking", "--category", "expenses:food", "--payee", "Café",
                        "--memo", "Café", "--currency", "USD")
        let verified = try kakeibo("verify")
        XCTAssertEqual(verified.exitCode, 0, "\(verified)")
    }
}
