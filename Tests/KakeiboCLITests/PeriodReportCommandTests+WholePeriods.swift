import Foundation
import KakeiboTestSupport
import XCTest

/// N9: with `-W`/`-M`/`-Q`/`-Y`, `-b` and `-e` inside a period widen to whole periods, as hledger does
/// (`bal -M -b 2026-10-15 -e 2026-11-10` reports 2026-10-01..2026-11-30), so a column named 2026-10
/// holds all of October; JSON gives each column its first and last day.
extension PeriodReportCommandTests {
    func testPeriodColumnsWidenToWholePeriodsAsHledgerDoes() throws {
        try importedLedger()
        // Before: 2026-10 held only Oct 15..31 (coffee, no groceries) and 2026-11 only Nov 1..9.
        XCTAssertEqual(try ok("balance", "-M", "-b", "2026-10-15", "-e", "2026-11-10", "food", "rent", "--format", "csv").out, """
            account,currency,2026-10,2026-11
            expenses:food:coffee,USD,4.50,0.00
            expenses:food:dining,EUR,30.00,0.00
            expenses:food:groceries,USD,45.10,120.00
            expenses:rent,USD,0.00,900.00
            """)
        // ISO weeks: -b on a Wednesday starts at that week's Monday (2026-09-28).
        XCTAssertEqual(try ok("balance", "-W", "-b", "2026-09-30", "-e", "2026-10-03", "--format", "csv").out, """
            account,currency,2026-W40
            assets:bank:checking,USD,954.90
            equity:opening,USD,-1000.00
            expenses:food:groceries,USD,45.10
            """)
        let json = try ok("balance", "-Q", "-b", "2026-10-15", "-e", "2026-11-10", "--format", "json").jsonObject()
        XCTAssertEqual(json["periods"] as? [String], ["2026-Q4"])
        XCTAssertEqual(json["spans"] as? [[String: String]], [["start": "2026-10-01", "end": "2026-12-31"]])
        let statement = try ok("is", "-M", "-b", "2026-10-15", "-e", "2026-11-10", "--format", "json").jsonObject()
        XCTAssertEqual(statement["spans"] as? [[String: String]], [["start": "2026-10-01", "end": "2026-10-31"],
                                                                   ["start": "2026-11-01", "end": "2026-11-30"]])
        // Without columns the range is the one asked for, and there are no spans.
        XCTAssertEqual(try ok("balance", "-b", "2026-10-15", "-e", "2026-11-10", "groceries", "--format", "csv").out, """
            account,currency,amount
            expenses:food:groceries,USD,120.00
            """)
    }

    /// The same widening compared with hledger itself, cell by cell (dollar accounts, so each cell is one amount).
    func testWidenedColumnsEqualHledger() throws {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let hledger = path.map({ URL(fileURLWithPath: String($0)).appendingPathComponent("hledger") })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            print("skipping testWidenedColumnsEqualHledger: hledger is not installed (make test installs the Debian package)")
            throw XCTSkip("hledger is not installed")
        }
        try importedLedger()
        for (flag, begin, end) in [("-M", "2026-10-15", "2026-11-10"), ("-W", "2026-10-01", "2026-10-20"),
                                   ("-W", "2026-10-14", "2026-10-16"), ("-Q", "2026-10-15", "2026-11-10"), ("-Y", "2026-10-15", "2026-11-10")] {
            let ours = try ok("balance", flag, "-b", begin, "-e", end, "groceries", "rent", "coffee", "--format", "csv").stdoutLines
                .dropFirst().map { line in
                    let cells = line.split(separator: ",").map(String.init)
                    return ([cells[0]] + cells.dropFirst(2).map { $0 == "0.00" ? "0" : $0 }).joined(separator: ",")
                }
            let output = try ChildProcess.run(hledger, ["-f", sandbox.path("books.journal"), "bal", flag, "-b", begin, "-e", end,
                                                        "groceries", "rent", "coffee", "-N", "-O", "csv"])
            XCTAssertEqual(output.status, 0, output.stderr)
            let theirs = output.stdout.split(separator: "\n").dropFirst().map { $0.replacingOccurrences(of: "\"", with: "")
                .replacingOccurrences(of: "$", with: "") }
            XCTAssertEqual(ours, theirs, "\(flag) -b \(begin) -e \(end)")
        }
    }

    /// N23: the table of `bal -M` ends with a total per currency and column, as hledger's does.
    func testPeriodColumnsEndWithATotalPerCurrency() throws {
        try importedLedger()
        XCTAssertEqual(try ok("balance", "-M", "-p", "2026-10", "food").out, """
            account                  currency  2026-10
            -----------------------  --------  -------
            expenses:food:coffee     USD          4.50
            expenses:food:dining     EUR         30.00
            expenses:food:groceries  USD         45.10
            total                    EUR         30.00
            total                    USD         49.60
            """)
    }
}
