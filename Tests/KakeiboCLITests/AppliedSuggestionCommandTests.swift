import Foundation
import XCTest

/// `kakeibo expense` without `--category`: the suggestion is applied when confident and said on
/// stderr (stdout still holds only the id); `suggest --stats` measures what became of them.
final class AppliedSuggestionCommandTests: KakeiboCLITestCase {
    func expense(_ arguments: String...) throws -> CommandResult {
        let result = try kakeibo(["expense"] + arguments + ["--from", "assets:checking", "--date", "2026-11-20"])
        XCTAssertEqual(result.exitCode, 0, "\(result)")
        XCTAssertTrue(result.out.isUUIDShaped, "\(result)")
        return result
    }

    func kakeibo(_ arguments: [String]) throws -> CommandResult { try sandbox.run(arguments) }

    func testAnExpenseWithoutACategoryTakesAConfidentSuggestionAndStatsFollowIt() throws {
        try initialisedLedger()
        try ok("category", "add", "fuel")
        try ok("category", "add", "dining")
        let shell = try expense("45", "--payee", "SHELL 0423 KL")
        XCTAssertEqual(shell.err, "filed under expenses:fuel, suggested at 65.00% confidence; `kakeibo edit ID --category …` corrects it",
                       "the cold-start lexicon knows Shell")
        let mystery = try expense("9", "--payee", "Mystery Vendor")
        XCTAssertEqual(mystery.err, "no confident category suggestion (best 0.00%); filed under expenses:unknown")
        try record("expense", "30", "--from", "assets:checking", "--category", "dining", "--payee", "Blue Bottle", "--date", "2026-11-19")
        try record("expense", "32", "--from", "assets:checking", "--category", "dining", "--payee", "BLUE BOTTLE #2", "--date", "2026-11-19")
        let coffee = try expense("28", "--payee", "SQ *BLUE BOTTLE 0423")
        // Two sightings of "blue bottle" cap the confidence at 2/3 (`CategorySuggester.evidenceCap`).
        XCTAssertTrue(coffee.err.hasPrefix("filed under expenses:dining, suggested at 66.67%"), coffee.err)
        let balances = try ok("balance", "--format", "csv").out
        for line in ["expenses:fuel,USD,45.00", "expenses:unknown,USD,9.00", "expenses:dining,USD,90.00"] {
            XCTAssertTrue(balances.contains(line), "\(line) in\n\(balances)")
        }
        let log = try ok("log", "--format", "json").out
        XCTAssertTrue(log.contains("\"suggestion\""), "the event says the category was suggested")

        try ok("edit", shell.out, "--category", "dining", "--reason", "it was the café")
        var stats = try ok("suggest", "--stats", "--format", "json").jsonObject()["applied"] as? [String: Any]
        XCTAssertEqual(stats?["consulted"] as? Int, 3)
        XCTAssertEqual(stats?["applied"] as? Int, 2)
        XCTAssertEqual(stats?["rejected"] as? Int, 1)
        XCTAssertEqual(stats?["pending"] as? Int, 1)
        XCTAssertEqual(stats?["coverageBasisPoints"] as? Int, 6_666)

        // Five weeks later the uncorrected suggestion has been accepted; a replay says the same.
        let later = try sandbox.runRaw(["--db", db, "suggest", "--stats"], extraEnvironment: ["KAKEIBO_NOW": "2026-12-31"])
        XCTAssertEqual(later.stdoutLines.last,
                       "applied at capture and import: 2 of 3 uncategorised (coverage 66.66%); 1 accepted, 1 corrected within 30 days, "
                       + "0 still in review (hit rate 50.00%)")
        XCTAssertEqual(try kakeibo(["replay"]).exitCode, 0)
        XCTAssertEqual(try sandbox.runRaw(["--db", db, "suggest", "--stats"], extraEnvironment: ["KAKEIBO_NOW": "2026-12-31"]).out, later.out)
        stats = try ok("suggest", "--stats", "--format", "json").jsonObject()["applied"] as? [String: Any]
        XCTAssertEqual(stats?["reviewWindowDays"] as? Int, 30)
        XCTAssertEqual(try ok("verify").exitCode, 0)
    }

    func testABadUncategorisedExpenseIsOneLineAndAppendsNothing() throws {
        try initialisedLedger()
        let before = try ok("verify", "--digest").out
        for arguments in [["expense", "12,34.5", "--from", "assets:checking", "--payee", "SHELL"],
                          ["expense", "0", "--from", "assets:checking", "--payee", "SHELL"],
                          ["expense", "12", "--from", "income:salary", "--payee", "SHELL"]] {
            let result = try kakeibo(arguments)
            XCTAssertNotEqual(result.exitCode, 0, "\(result)")
            XCTAssertEqual(result.stderrLines.count, 1, "\(result)")
            XCTAssertTrue(result.err.hasPrefix("kakeibo: error: "), "\(result)")
        }
        XCTAssertEqual(try ok("verify", "--digest").out, before, "nothing was appended, not even expenses:unknown")
    }

    func testAnImportedStatementRowWithoutARuleTakesTheSuggestion() throws {
        try initialisedLedger()
        try ok("category", "add", "fuel")
        try """
            Date,Description,Amount
            2026-11-02,CORNER SHOP 123,-12.50
            2026-11-03,POS SHELL 0423 KUALA LUMPUR,-45.00
            2026-11-05,Mystery Vendor 9,-7.00
            """.write(toFile: sandbox.path("statement.csv"), atomically: true, encoding: .utf8)
        try """
            skip 1
            fields date, description, amount
            currency USD
            account1 assets:checking
            if CORNER SHOP
              account2 expenses:groceries
            """.write(toFile: sandbox.path("bank.rules"), atomically: true, encoding: .utf8)
        let imported = try kakeibo(["import", "csv", sandbox.path("statement.csv"), "--rules", sandbox.path("bank.rules")])
        XCTAssertEqual(imported.exitCode, 0, "\(imported)")
        let balances = try ok("balance", "--format", "csv").out
        for line in ["expenses:fuel,USD,45.00", "expenses:groceries,USD,12.50", "expenses:unknown,USD,7.00"] {
            XCTAssertTrue(balances.contains(line), "\(line) in\n\(balances)")
        }
        let stats = try ok("suggest", "--stats", "--format", "json").jsonObject()["applied"] as? [String: Any]
        XCTAssertEqual(stats?["consulted"] as? Int, 2, "the ruled row was never second-guessed")
        XCTAssertEqual(stats?["applied"] as? Int, 1)
        // The row the suggester filed is its own guess, not the user's choice: it teaches nothing (issue 29, N5),
        // so Shell is still known only to the built-in lexicon.
        XCTAssertEqual(try ok("suggest", "--payee", "SHELL 0999").out, "expenses:fuel  65.00%  evidence: lexicon:shell")
    }
}

