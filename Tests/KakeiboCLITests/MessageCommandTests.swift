import Foundation
import XCTest

/// Issue 13, items 18 and 19: messages and output that said the wrong thing.
final class MessageCommandTests: KakeiboCLITestCase {
    func testAnEmptyDbPathIsCaught() throws {
        assertFailure(try sandbox.runRaw(["--db", "", "balance"]), mentioning: ["--db is empty"])
        assertFailure(try sandbox.runRaw(["balance", "--db", ""]), mentioning: ["--db is empty"])
    }

    func testVerifyDigestAsJSON() throws {
        try standardLedger()
        let plain = try ok("verify", "--digest").out
        let object = try ok("verify", "--digest", "--format", "json").jsonObject()
        XCTAssertEqual(object["head"] as? String, plain)
        XCTAssertEqual(object["position"] as? Int, 9)
    }

    func testAccountOpenAndBudgetSetAsJSONGiveTheAccountID() throws {
        try ok("init", "--currency", "USD")
        let opened = try ok("account", "open", "assets:bank", "--format", "json").jsonObject()
        let id = try XCTUnwrap(opened["id"] as? String, "\(opened)")
        XCTAssertTrue(id.isUUIDShaped, id)
        let listed = try ok("account", "list", "--format", "json").out
        XCTAssertTrue(listed.contains(id), listed)
        try ok("category", "add", "food")
        let budget = try ok("budget", "set", "food", "100", "--format", "json").jsonObject()
        XCTAssertTrue((budget["id"] as? String)?.isUUIDShaped == true, "\(budget)")
    }

    func testOneTransactionIsSingular() throws {
        try ok("init", "--currency", "USD")
        let journal = sandbox.path("one.journal")
        try """
            2026-11-01 coffee
                expenses:coffee   $3 = $3
                assets:cash

            """.write(toFile: journal, atomically: true, encoding: .utf8)
        let imported = try ok("import", "journal", journal).out
        XCTAssertTrue(imported.contains(": 1 transaction appended, 0 already recorded, 1 balance assertion checked"), imported)
    }

    func testAnAmbiguousIDCountsEveryMatch() throws {
        try initialisedLedger()
        var ids: [String] = []
        for _ in 0..<3 {
            ids.append(try record("expense", "1", "--from", "assets:checking", "--category", "groceries"))
        }
        let prefix = String(ids[0].prefix(4))
        XCTAssertTrue(ids.allSatisfy { $0.hasPrefix(prefix) }, "\(ids)")
        assertFailure(try kakeibo("history", prefix), mentioning: ["matches 3 transactions"])
    }

    func testInitOnSomethingThatIsNotALedgerSaysSo() throws {
        let empty = sandbox.path("empty.sqlite")
        _ = FileManager.default.createFile(atPath: empty, contents: nil)
        let text = sandbox.path("notes.txt")
        try "just notes\n".write(toFile: text, atomically: true, encoding: .utf8)
        for (path, reason) in [(empty, "an empty file"), (text, "not an SQLite database"), (sandbox.directory.path, "it is a directory")] {
            assertFailure(try sandbox.run(["init", "--currency", "USD"], db: path),
                          mentioning: ["already exists and is not a Kakeibo ledger (\(reason))"])
        }
        XCTAssertEqual(try String(contentsOfFile: text, encoding: .utf8), "just notes\n", "left as it was")
    }

    func testInitDoesNotMakeTheFoldersOfATypedPath() throws {
        let typo = sandbox.path("Documnets/ledgers/home.sqlite")
        assertFailure(try sandbox.run(["init", "--currency", "USD"], db: typo), mentioning: ["does not exist"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: sandbox.path("Documnets")))
        // The default location is made as needed.
        let made = try sandbox.runRaw(["init", "--currency", "USD"])
        XCTAssertEqual(made.exitCode, 0, "\(made)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: sandbox.path(".local/share/kakeibo/ledger.sqlite")))
    }

    func testAnUnknownCurrencyAsksForAnISOCode() throws {
        assertFailure(try kakeibo("init", "--currency", "XYZ"), mentioning: ["unknown currency \"XYZ\"", "ISO 4217"])
    }

    func testRegisterOfAMissingAccountDoesNotAdviseOpeningOne() throws {
        try standardLedger()
        let result = try kakeibo("register", "travel")
        assertFailure(result, mentioning: ["no account \"travel\""])
        // A category's short name is a pattern now (issue 16), as in hledger: `register groceries` lists expenses:groceries.
        XCTAssertTrue(try ok("register", "groceries").stdout.contains("expenses:groceries"))
        XCTAssertFalse(result.stderr.contains("account open"), "\(result)")
    }

    func testCategoryListShowsAccountsAJournalImportOpened() throws {
        try ok("init", "--currency", "USD")
        let journal = sandbox.path("books.journal")
        try """
            2026-11-01 Bistro
                expenses:dining   $20
                assets:cash

            """.write(toFile: journal, atomically: true, encoding: .utf8)
        try ok("import", "journal", journal)
        let listed = try ok("category", "list", "--format", "csv").stdoutLines
        XCTAssertEqual(listed.count, 2, "\(listed)")
        XCTAssertTrue(listed.last?.hasPrefix("expenses:dining,expense,USD,open,Dining,") == true, "\(listed)")
        XCTAssertEqual(try ok("category", "archive", "dining").out, "archived category dining")
    }

    func testANegativeBudgetReachesTheLedgersMessage() throws {
        try initialisedLedger()
        assertFailure(try kakeibo("budget", "set", "groceries", "-10"), mentioning: ["must be more than zero"])
        assertFailure(try kakeibo("budget", "set", "expenses", "100"), mentioning: ["\"expenses\" is the top of a tree, not a category"])
        XCTAssertEqual(try ok("budget", "set", "groceries", "400").out, "budgeted groceries 400 monthly")
    }

    /// Item 15: a goal nothing could count toward is refused; the currency is echoed; no goal, no verdict.
    func testAGoalInACurrencyNoIncomeHoldsIsRefused() throws {
        try initialisedLedger()
        assertFailure(try kakeibo("goal", "set", "100", "--currency", "EUR"), mentioning: ["no income account holds EUR"])
        XCTAssertEqual(try ok("goal", "set", "100", "--from", "2026-11-01").out, "income goal 100 USD monthly")
        try ok("account", "open", "income:freelance:eur", "--currency", "EUR")
        XCTAssertEqual(try ok("goal", "set", "50", "--currency", "EUR", "--period", "weekly", "--from", "2026-11-16").out,
                       "income goal 50 EUR weekly")
    }

    /// Item 15: a week before any weekly goal has nothing to meet.
    func testAPeriodWithoutAGoalIsNeitherMetNorMissed() throws {
        try initialisedLedger()
        // A monthly goal first, then weekly ones: the weeks before the first weekly goal have none.
        try ok("goal", "set", "1000", "--from", "2026-10-01")
        try ok("goal", "set", "100", "--period", "weekly", "--from", "2026-11-16")
        try record("income", "300", "--to", "assets:checking", "--from", "income:salary", "--date", "2026-11-10")
        let rows = try ok("goal", "report", "--format", "csv", "--as-of", "2026-11-21").stdoutLines
        let w46 = try XCTUnwrap(rows.first { $0.hasPrefix("2026-W46,") }, "\(rows)")
        XCTAssertTrue(w46.hasSuffix(","), "no goal, no verdict: \(w46)")
        let table = try ok("goal", "report", "--as-of", "2026-11-21").stdoutLines
        let line = try XCTUnwrap(table.first { $0.hasPrefix("2026-W46") }, "\(table)")
        XCTAssertTrue(line.hasSuffix("-"), line)
    }

    /// Item 20: `budget report --as-of` and `goal report --at-position`, like the other reports.
    func testBudgetReportAsOfAndGoalReportAtPosition() throws {
        try initialisedLedger()
        try ok("budget", "set", "groceries", "100", "--from", "2026-11-01")
        try record("expense", "10", "--from", "assets:checking", "--category", "groceries", "--date", "2026-11-02")
        try record("expense", "30", "--from", "assets:checking", "--category", "groceries", "--date", "2026-11-20")
        let asOf = try ok("budget", "report", "--as-of", "2026-11-10", "--format", "json").jsonObject()
        XCTAssertEqual(asOf["period"] as? String, "2026-11")
        XCTAssertEqual((asOf["totals"] as? [[String: Any]])?.first?["spent"] as? String, "10.00")

        try ok("goal", "set", "500", "--from", "2026-11-01")
        let before = Int(try ok("verify", "--digest").out.split(separator: ":")[0])!
        try record("income", "200", "--to", "assets:checking", "--from", "income:salary", "--date", "2026-11-05")
        let then = try ok("goal", "report", "--format", "csv", "--at-position", String(before)).stdoutLines
        XCTAssertTrue(then.last?.hasPrefix("2026-11,USD,500.00,0.00,") == true, "\(then)")
        let now = try ok("goal", "report", "--format", "csv").stdoutLines
        XCTAssertTrue(now.last?.hasPrefix("2026-11,USD,500.00,200.00,") == true, "\(now)")
    }

    /// Item 18: a truncated ledger gets one human line, not `SQLite error 11: … malformed`.
    func testADamagedLedgerSaysSoInOneLine() throws {
        try standardLedger()
        let copy = sandbox.path("truncated.sqlite")
        try FileManager.default.copyItem(atPath: db, toPath: copy)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: copy))
        try handle.truncate(atOffset: 20_000)
        try handle.close()
        for command in [["balance"], ["verify"], ["expense", "1", "--from", "assets:checking", "--category", "groceries"]] {
            let result = try sandbox.run(command, db: copy)
            assertFailure(result, mentioning: ["is damaged", "restore it from a backup"])
            XCTAssertFalse(result.stderr.contains("SQLite error"), "\(result)")
        }
    }
}
