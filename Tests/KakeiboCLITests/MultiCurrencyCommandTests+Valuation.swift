import Foundation
import KakeiboTestSupport
import XCTest

/// N15's `--value` gaps, typed as an hledger user types them: `--value` with query terms, `--depth` and
/// `-M`; `-X COMM` and `-V`; `--value` on `is` and `bs`; `--value cost` refused for what it is. Each
/// valued report equals hledger 1.25's, account by account, on `travel-trip.journal`.
extension MultiCurrencyCommandTests {
    /// Needs no hledger: the figures are hledger's (`bal -N -X '$' … --infer-equity`), written down.
    func testValueTakesQueryTermsDepthAndColumns() throws {
        try importJournal("travel-trip.journal")
        // Query terms choose the accounts, as without --value (was: "leave out query terms").
        XCTAssertEqual(try ok("balance", "expenses", "--value", "USD", "-p", "2026-02", "--format", "csv").out, """
            account,currency,amount,price_date
            expenses:dining,USD,56.96,2026-02-01
            expenses:fees,USD,3.00,
            expenses:lodging,USD,277.20,2026-02-20
            expenses:transport,USD,147.91,2026-02-01
            """)
        // --depth 1 sums each root before valuing: hledger's `bal -X '$' --depth 1 -p 2026-02` gives expenses $485.06.
        let depth = try ok("balance", "--depth", "1", "--value", "USD", "-p", "2026-02", "--format", "csv").out
        XCTAssertTrue(depth.contains("expenses,USD,485.06,"), depth)
        XCTAssertTrue(depth.contains("income,USD,-3200.00,"), depth)
        // -M: each month valued at its own last day; January's BTC has no price yet (the first is 2026-02-01) and stays BTC.
        let monthly = try ok("balance", "-M", "--value", "USD", "-b", "2026-01-01", "-e", "2026-04-01", "--format", "csv").out
        XCTAssertTrue(monthly.contains("assets:bank:checking,USD,1330.00,2256.72,3079.55"), monthly)
        XCTAssertTrue(monthly.contains("assets:crypto,BTC,0.01000000,0.00000000,0.00000000"), monthly)
        XCTAssertTrue(monthly.contains("assets:cash:jpy,USD,0.00,265.06,0.00"), monthly)
        // hledger's spellings: -X COMM is --value COMM; -V values in the ledger's base currency (USD here).
        let valued = try ok("balance", "--value", "USD", "-p", "2026-02", "--format", "csv").out
        XCTAssertEqual(try ok("balance", "-X", "USD", "-p", "2026-02", "--format", "csv").out, valued)
        XCTAssertEqual(try ok("balance", "-X", "$", "-p", "2026-02", "--format", "csv").out, valued)
        XCTAssertEqual(try ok("balance", "-V", "-p", "2026-02", "--format", "csv").out, valued)
        XCTAssertEqual(try ok("balance", "--value", "end,USD", "-p", "2026-02", "--format", "csv").out, valued)
        // is and bs take them too: February's income statement, the balance sheet at its end.
        let statement = try ok("is", "--value", "USD", "-p", "2026-02", "--format", "csv").out
        XCTAssertTrue(statement.contains("expenses,expenses:lodging,USD,277.20"), statement)
        XCTAssertFalse(statement.contains("JPY"), statement)
        let sheet = try ok("bs", "-V", "-e", "2026-03-01", "--format", "csv").out
        XCTAssertTrue(sheet.contains("assets,assets:crypto,USD,400.00"), sheet)
        XCTAssertTrue(sheet.contains("assets,assets:bank:checking,USD,3586.72"), sheet)
    }

    /// `--value cost` is hledger's at-cost valuation, not a commodity named "cost": refused in one line that says so,
    /// a non-zero exit, and nothing about declaring a commodity. A typo'd commodity is still named as one.
    func testValueCostIsRefusedForWhatItIs() throws {
        try importJournal("travel-trip.journal")
        for arguments in [["balance", "--value", "cost"], ["is", "--value", "cost"], ["bs", "--value=cost"]] {
            let refused = try sandbox.run(arguments)
            XCTAssertNotEqual(refused.exitCode, 0, "\(refused)")
            XCTAssertEqual(refused.stderrLines.count, 1, "\(refused)")
            XCTAssertTrue(refused.stderr.contains("at-cost"), "\(refused)")
            XCTAssertFalse(refused.stderr.contains("declare"), "\(refused)")
        }
        let typo = try sandbox.run(["balance", "-X", "USX"])
        XCTAssertNotEqual(typo.exitCode, 0, "\(typo)")
        XCTAssertTrue(typo.stderr.contains("\"USX\""), "\(typo)")
        let both = try sandbox.run(["balance", "-X", "USD", "-V"])
        XCTAssertNotEqual(both.exitCode, 0, "\(both)")
        XCTAssertEqual(both.stderrLines.count, 1, "\(both)")
    }

    /// The same reports against hledger itself: `bal` with a query, `--depth` and `-M`, `is` and `bs`, all `-X '$'`.
    func testValuedQueriesColumnsAndStatementsEqualHledgerX() throws {
        guard let hledger = Self.which("hledger") else {
            print("skipping testValuedQueriesColumnsAndStatementsEqualHledgerX: hledger is not installed")
            throw XCTSkip("hledger is not installed")
        }
        try importJournal("travel-trip.journal")
        let journal = Self.journals.appendingPathComponent("travel-trip.journal").path
        func theirs(_ arguments: [String]) throws -> [String: String] {
            let output = try ChildProcess.run(hledger, ["-f", journal] + arguments + ["--infer-equity", "-O", "csv"],
                                              environment: nil, in: nil)
            XCTAssertEqual(output.status, 0, output.stderr)
            var cells: [String: String] = [:]
            let lines = output.stdout.split(separator: "\n").map { $0.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) } }
            guard let header = lines.first(where: { ["account", "Account"].contains($0.first ?? "") }) else { return [:] }
            for fields in lines where fields.count == header.count && fields[0] != header[0] && !["total", "Net:"].contains(fields[0]) {
                for (column, cell) in fields.enumerated().dropFirst() where cell != "0" && !cell.isEmpty {
                    let (currency, amount) = Self.hledgerAmount(cell)
                    cells[Self.kakeiboName(fields[0]) + " " + header[column] + " " + currency] = Self.cents(amount)
                }
            }
            return cells
        }
        /// `balance` CSV (`account,currency,amount[,price_date]` or `account,currency,<period>…`) keyed as `theirs` keys it.
        func mine(_ arguments: [String], columns: [String]) throws -> [String: String] {
            var cells: [String: String] = [:]
            for line in try succeeded(arguments + ["--format", "csv"]).stdoutLines.dropFirst() {
                let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                for (index, column) in columns.enumerated() where Self.cents(fields[2 + index]).trimmingCharacters(in: CharacterSet(charactersIn: "0.-")) != "" {
                    cells[fields[0] + " " + column + " " + fields[1]] = Self.cents(fields[2 + index])
                }
            }
            return cells
        }
        XCTAssertEqual(try mine(["balance", "expenses", "assets", "-X", "USD", "-p", "2026-02"], columns: ["balance"]),
                       try theirs(["bal", "-N", "-X", "$", "expenses", "assets", "-p", "2026-02"]))
        XCTAssertEqual(try mine(["balance", "--depth", "1", "-X", "USD", "-b", "2026-02-10", "-e", "2026-02-21"], columns: ["balance"]),
                       try theirs(["bal", "-N", "-X", "$", "--depth", "1", "-b", "2026-02-10", "-e", "2026-02-21"]))
        XCTAssertEqual(try mine(["balance", "-M", "-X", "USD", "-b", "2026-01-01", "-e", "2026-04-01"],
                                columns: ["2026-01", "2026-02", "2026-03"]),
                       try theirs(["bal", "-N", "-M", "-X", "$", "-b", "2026-01-01", "-e", "2026-04-01"]))
        // Statements, as hledger prints them (revenues positive); hledger 1.25's `bs` has no equity section.
        func statement(_ arguments: [String], column: String) throws -> [String: String] {
            var cells: [String: String] = [:]
            for line in try succeeded(arguments + ["--format", "csv"]).stdoutLines.dropFirst() {
                let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                guard fields.count == 4, ["revenues", "expenses", "assets", "liabilities"].contains(fields[0]), fields[1].contains(":"),
                      Self.cents(fields[3]) != "0.00" else { continue }
                cells[fields[1] + " " + column + " " + fields[2]] = Self.cents(fields[3])
            }
            return cells
        }
        XCTAssertEqual(try statement(["is", "--value", "USD", "-p", "2026-02"], column: "Feb"),
                       try theirs(["is", "-X", "$", "-p", "2026-02"]))
        XCTAssertEqual(try statement(["is", "-X", "USD", "-M", "-b", "2026-01-01", "-e", "2026-02-01"], column: "Jan"),
                       try theirs(["is", "-X", "$", "-M", "-b", "2026-01-01", "-e", "2026-02-01"]))
        XCTAssertEqual(try statement(["bs", "-X", "USD", "-e", "2026-03-01"], column: "2026-02-28"),
                       try theirs(["bs", "-X", "$", "-e", "2026-03-01"]))
    }

    private func succeeded(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> CommandResult {
        let result = try sandbox.run(arguments)
        XCTAssertEqual(result.exitCode, 0, "\(result)", file: file, line: line)
        return result
    }
}
