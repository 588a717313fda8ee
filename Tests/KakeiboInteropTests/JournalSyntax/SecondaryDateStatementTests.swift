import Foundation
import XCTest

/// `incomestatement --date2` and `balancesheet --date2` (issue 36), as `balance --date2` does it (one
/// `ReportQuery.secondaryDates`), against hledger's `is --date2` / `bs --date2` on the same journal:
/// the late rent counts in February's statement, the refund booked back in January's.
extension SecondaryDateReportTests {
    /// `is`/`bs --format csv` as `account,CODE,amount` lines (trailing zeros off), sections' rows only.
    func statementRows(_ arguments: [String]) throws -> [String] {
        try run(arguments + ["--format", "csv"]).split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4, ["revenues", "expenses", "assets", "liabilities"].contains(fields[0]), fields[1].contains(":")
            else { return nil }
            return HledgerJSON.normalised([fields[1], fields[2], fields[3]].joined(separator: ","))
        }.sorted()
    }

    /// hledger's `is`/`bs -O csv` rows in the same shape (its `$` is USD).
    func hledgerStatementRows(_ arguments: [String]) throws -> [String] {
        let output = try Tools.run(try Tools.hledger(), ["-f", Tools.fixture("secondary-dates.journal")] + arguments + ["-O", "csv"])
        XCTAssertEqual(output.status, 0, output.stderr)
        return output.stdout.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            guard fields.count == 2, fields[0].contains(":"), fields[0] != "Net:", fields[1].hasPrefix("$") else { return nil }
            return HledgerJSON.normalised("\(fields[0]),USD,\(fields[1].dropFirst())")
        }.sorted()
    }

    func testStatementsBySecondaryDatesEqualHledgers() throws {
        // Without hledger, the figures it gives (1.25), written down.
        XCTAssertEqual(try statementRows(["is", "--date2", "-p", "2026-02"]), ["expenses:food,USD,40", "expenses:rent,USD,500"])
        XCTAssertEqual(try statementRows(["is", "--date2", "-p", "2026-01"]), ["expenses:food,USD,-15"])
        XCTAssertEqual(try statementRows(["bs", "--date2", "-e", "2026-02-01"]), ["assets:checking,USD,15"])
        XCTAssertEqual(try statementRows(["bs", "-e", "2026-02-01"]), ["assets:checking,USD,-500"])
        for arguments in [["is", "--date2", "-p", "2026-01"], ["is", "--date2", "-p", "2026-02"], ["is", "-p", "2026-02"],
                          ["bs", "--date2", "-e", "2026-02-01"], ["bs", "-e", "2026-02-01"], ["is", "--date2", "-M", "-p", "2026-01"]] {
            XCTAssertEqual(try statementRows(arguments), try hledgerStatementRows(arguments), arguments.joined(separator: " "))
        }
    }
}
