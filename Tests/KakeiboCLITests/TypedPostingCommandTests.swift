import Foundation
import XCTest

/// Issue 29, N23: `txn`/`edit --posting` could not write a cost, so a foreign-currency expense imported with `@` could
/// never have its amounts corrected; and `--date` took no `today`/`yesterday`, which `-b` takes.
final class TypedPostingCommandTests: KakeiboCLITestCase {
    func testAPostingMayCarryACostAndAnEditCanChangeIt() throws {
        try standardLedger()
        try ok("category", "add", "lodging")
        let id = try record("txn", "--posting", "expenses:lodging=40000 JPY @ $0.0066", "--posting", "assets:checking")
        XCTAssertTrue(try balanceCSV().contains("assets:checking,USD,2123.50"), "40000 × 0.0066 = 264.00 left the account")
        try record("edit", id, "--posting", "expenses:lodging=30000 JPY @@ 200 USD", "--posting", "assets:checking")
        let balances = try balanceCSV()
        XCTAssertTrue(balances.contains("assets:checking,USD,2187.50"), balances)
        XCTAssertTrue(balances.contains("expenses:lodging,JPY,30000"), balances)
        let bad = try kakeibo("txn", "--posting", "expenses:lodging=1 JPY @ x", "--posting", "assets:checking")
        XCTAssertEqual(bad.exitCode, 64, "\(bad)")
        XCTAssertEqual(bad.stderrLines.count, 1, "\(bad)")
        _ = try ok("verify")
    }

    func testDatesTakeTodayAndYesterdayInTheLedgersZone() throws {
        try standardLedger()
        let env = ["KAKEIBO_NOW": "2026-11-25"]
        let yesterday = try sandbox.runRaw(["--db", db, "expense", "3", "--from", "assets:checking", "--category", "groceries",
                                            "--date", "yesterday"], extraEnvironment: env)
        XCTAssertEqual(yesterday.exitCode, 0, "\(yesterday)")
        let today = try sandbox.runRaw(["--db", db, "txn", "--posting", "expenses:groceries=2", "--posting", "assets:checking",
                                        "--date", "Today"], extraEnvironment: env)
        XCTAssertEqual(today.exitCode, 0, "\(today)")
        let register = try ok("register", "groceries", "--format", "csv").out
        XCTAssertTrue(register.contains("2026-11-24,"), register)
        XCTAssertTrue(register.contains("2026-11-25,"), register)
    }
}
