import Foundation
import XCTest

/// Amounts as a person types them, through every recording command (issue 29, N1: `expense 1.5` trapped in
/// `checkUnambiguous`, which offset four characters back from the end of a three-character text).
final class TypedAmountCommandTests: KakeiboCLITestCase {
    /// The list: each is recorded with the right minor units, or refused in one line, exit 1, log unchanged.
    func testEveryTypedAmountIsRecordedExactlyOrRefusedInOneLine() throws {
        try standardLedger()
        let expected: [(typed: String, cents: Int?)] = [
            ("1.5", 150), ("0.5", 50), (".50", 50), ("1.0", 100), ("1", 100), ("0.01", 1), ("-0", nil),
            ("1,000.50", 100_050), ("١٫٥", nil), ("10.000", nil), (".5", 50), ("9.9", 990), (" 1.5", 150),
        ]
        for (typed, cents) in expected {
            let before = try digest()
            let groceriesBefore = try groceriesCents()
            let result = try kakeibo("expense", typed, "--from", "assets:checking", "--category", "groceries")
            XCTAssertFalse(result.crashed, "\(typed) crashed:\n\(result)")
            if let cents {
                XCTAssertEqual(result.exitCode, 0, "\(typed):\n\(result)")
                XCTAssertEqual(try groceriesCents() - groceriesBefore, cents, "\(typed) records \(cents) cents")
            } else {
                XCTAssertEqual(result.exitCode, 1, "\(typed):\n\(result)")
                XCTAssertEqual(result.stderrLines.count, 1, "\(typed) is refused in one line:\n\(result)")
                XCTAssertEqual(try digest(), before, "\(typed) leaves the log as it was")
            }
        }
    }

    /// The same short forms in `income`, `transfer`, `txn`, `edit` and `batch`, which shared the trap.
    func testShortAmountsInEveryRecordingCommand() throws {
        let scenario = try standardLedger()
        // Each edit gives a new value (`.50` then `0.5` would change nothing, which `edit` refuses).
        for (amount, edited) in [("1.5", "1.5"), (".50", ".25"), ("0.5", "0.7"), ("1.0", "1.0")] {
            try record("income", amount, "--to", "assets:checking", "--from", "income:salary")
            try record("transfer", amount, "--from", "assets:checking", "--to", "liabilities:visa")
            try record("txn", "--posting", "expenses:groceries=\(amount)", "--posting", "assets:checking")
            try record("edit", scenario.expense, "--amount", edited)
        }
        try Data("expense 1.5 --from assets:checking --category groceries\nincome .5 --to assets:checking --from income:salary\n".utf8)
            .write(to: URL(fileURLWithPath: sandbox.path("short.txt")))
        let batch = try ok("batch", sandbox.path("short.txt"))
        XCTAssertEqual(batch.stdoutLines.count, 2, "\(batch)")
        _ = try ok("verify")
    }

    private func groceriesCents() throws -> Int {
        let row = try balanceCSV().split(separator: "\n").first { $0.hasPrefix("expenses:groceries,") }
        guard let amount = row?.split(separator: ",").last else { return 0 }
        let parts = amount.split(separator: ".")
        return Int(parts[0])! * 100 + (amount.hasPrefix("-") ? -1 : 1) * Int(parts[1])!
    }
}
