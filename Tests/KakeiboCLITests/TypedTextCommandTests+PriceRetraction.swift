import Foundation
import XCTest

/// N17 (issue 29): a `P` line deleted from a journal stayed in the ledger after `import journal --replace` and kept
/// valuing balances, and no command could take a price back. Now `--replace` retracts it (a `PriceRetracted`) and
/// `price EUR --retract` takes one back by hand.
extension TypedTextCommandTests {
    /// The trial's journal round: import with a `P` line, delete the line, import with --replace. Before the fix
    /// the second `bal --value` still read 150.00 at the deleted 1.50 and `commodity prices` still listed it.
    func testAPriceLineDeletedFromAJournalIsRetractedOnReplace() throws {
        try ok("init", "--currency", "USD")
        let journal = sandbox.path("trip.journal")
        let body = "\n2026-03-05 cash\n    assets:cash:eur   100 EUR\n    equity:opening\n"
        try ("P 2026-03-01 EUR $1.08\nP 2026-03-10 EUR $1.50\n" + body).write(toFile: journal, atomically: true, encoding: .utf8)
        try ok("import", "journal", journal)
        // A price typed by hand and one from another journal: neither is this journal's to retract.
        try ok("price", "EUR", "1.20", "--date", "2026-03-20")
        let other = sandbox.path("other.journal")
        try "P 2026-03-25 EUR $1.30\n".write(toFile: other, atomically: true, encoding: .utf8)
        try ok("import", "journal", other)
        XCTAssertEqual(try ok("balance", "--value", "USD", "-e", "2026-03-15", "--format", "csv").out,
                       "account,currency,amount,price_date\nassets:cash:eur,USD,150.00,2026-03-10\nequity:opening,USD,-150.00,2026-03-10")

        try ("P 2026-03-01 EUR $1.08\n" + body).write(toFile: journal, atomically: true, encoding: .utf8)
        // Without --replace nothing is retracted (as transactions, a deleted line changes the books only when asked),
        // and one note on stderr says the price still values balances and how to take it back.
        let plain = try kakeibo("import", "journal", journal)
        XCTAssertEqual(plain.exitCode, 0, "\(plain)")
        XCTAssertFalse(plain.out.contains("retracted"), plain.out)
        XCTAssertEqual(plain.stderrLines, ["note: 1 price an earlier import recorded is no longer in the file and still values balances; "
                                           + "`kakeibo import journal \(journal) --replace` retracts it"])
        let replaced = try ok("import", "journal", journal, "--replace").out
        XCTAssertTrue(replaced.contains("0 prices appended, 1 already recorded, 1 no longer in the file retracted"), replaced)
        XCTAssertEqual(try ok("balance", "--value", "USD", "-e", "2026-03-15", "--format", "csv").out,
                       "account,currency,amount,price_date\nassets:cash:eur,USD,108.00,2026-03-01\nequity:opening,USD,-108.00,2026-03-01")
        XCTAssertEqual(try ok("commodity", "prices", "--format", "csv").out,
                       "date,commodity,price,quote\n2026-03-01,EUR,1.08,USD\n2026-03-20,EUR,1.20,USD\n2026-03-25,EUR,1.30,USD")
        // The retraction is in the log, from the import, naming the price it took back (CSV doubles the payload's quotes).
        let log = try ok("log", "--format", "csv").stdoutLines.filter { $0.contains("PriceRetracted") }
        XCTAssertEqual(log.count, 1, "\(log)")
        XCTAssertTrue(log[0].contains("journal-import") && log[0].contains("\"\"value\"\":\"\"1.50\"\""), "\(log)")
        // Imported again, nothing more is retracted; the line put back is recorded again.
        XCTAssertFalse(try ok("import", "journal", journal, "--replace").out.contains("retracted"))
        try ("P 2026-03-01 EUR $1.08\nP 2026-03-10 EUR $1.50\n" + body).write(toFile: journal, atomically: true, encoding: .utf8)
        XCTAssertTrue(try ok("import", "journal", journal).out.contains("1 price appended, 1 already recorded"))
        XCTAssertTrue(try ok("commodity", "prices", "--format", "csv").out.contains("2026-03-10,EUR,1.50,USD"))
        XCTAssertEqual(try kakeibo("replay", "--check").exitCode, 0)
    }

    /// A `P` line corrected in place (1.50 to 1.55, one day) retracts the old value and records the new one; a price
    /// typed by hand for that day before the import is what the day falls back to once the line is gone.
    func testACorrectedPriceLineReplacesTheOldOneAndFallsBackToAPriceTypedByHand() throws {
        try ok("init", "--currency", "USD")
        try ok("price", "EUR", "1.40", "--date", "2026-03-10")
        let journal = sandbox.path("fx.journal")
        try "P 2026-03-10 EUR $1.50\n".write(toFile: journal, atomically: true, encoding: .utf8)
        try ok("import", "journal", journal)
        try "P 2026-03-10 EUR $1.55\n".write(toFile: journal, atomically: true, encoding: .utf8)
        XCTAssertTrue(try ok("import", "journal", journal, "--replace").out.contains("1 price appended, 0 already recorded, 1 no longer"))
        XCTAssertEqual(try ok("commodity", "prices", "--format", "csv").out, "date,commodity,price,quote\n2026-03-10,EUR,1.55,USD")
        try "".write(toFile: journal, atomically: true, encoding: .utf8)
        XCTAssertTrue(try ok("import", "journal", journal, "--replace").out.contains("1 no longer in the file retracted"))
        XCTAssertEqual(try ok("commodity", "prices", "--format", "csv").out, "date,commodity,price,quote\n2026-03-10,EUR,1.40,USD")
        XCTAssertEqual(try kakeibo("replay", "--check").exitCode, 0)
    }

    /// `price EUR --retract` takes the day's price back and says what values that day now; bad input is refused in
    /// one line with the log unchanged.
    func testAPriceIsRetractedByHand() throws {
        try ok("init", "--currency", "USD")
        try ok("price", "EUR", "1.08", "--date", "2026-11-01")
        try ok("price", "EUR", "1.10", "--date", "2026-11-01")
        try ok("price", "EUR", "160", "--in", "JPY", "--date", "2026-11-01")
        XCTAssertEqual(try ok("price", "EUR", "--retract", "--date", "2026-11-01", "--reason", "typo").out,
                       "retracted the price of EUR on 2026-11-01: 1.10 USD; the price that day is now 1.08 USD")
        let refusals: [([String], [String], Int32)] = [
            (["price", "EUR", "1.10", "--retract", "--date", "2026-11-01"], ["the price of EUR on 2026-11-01 is 1.08 USD, not 1.10 USD"], 1),
            (["price", "EUR", "--retract", "--date", "2026-11-02"], ["no price of EUR in USD is recorded for 2026-11-02"], 1),
            (["price", "XYZ", "--retract", "--date", "2026-11-01"], ["XYZ"], 1),
            (["price", "EUR", "--retract", "--in", "GBP", "--date", "2026-11-01"], ["no price of EUR in GBP"], 1),
            // A malformed date is a usage error, as for every command's --date (exit 64).
            (["price", "EUR", "--retract", "--date", "2026-13-01"], ["month 13 is not a month"], 64),
            (["price", "EUR", "--retract", "--date", "2026-11-01", "1.08", "1.10"], ["at most one price"], 64),
            (["price", "EUR", "1.08", "--reason", "typo"], ["--reason goes with --retract"], 64),
        ]
        for (arguments, mentions, code) in refusals {
            try assertRefused(arguments, mentioning: mentions, exitCode: code)
        }
        XCTAssertEqual(try ok("price", "EUR", "1.080", "--retract", "--date", "2026-11-01").out,
                       "retracted the price of EUR on 2026-11-01: 1.080 USD; no price that day now")
        XCTAssertEqual(try ok("commodity", "prices", "--format", "csv").out, "date,commodity,price,quote\n2026-11-01,EUR,160,JPY")
        // Nothing left that day: a second retraction is refused.
        try assertRefused(["price", "EUR", "--retract", "--date", "2026-11-01"], mentioning: ["no price of EUR in USD"], exitCode: 1)
        // The recording form still works, and the day has a price again.
        XCTAssertEqual(try ok("price", "EUR", "1.09", "--date", "2026-11-01").out, "recorded the price of EUR on 2026-11-01: 1.09 USD")
        let log = try ok("log", "--format", "csv").stdoutLines.filter { $0.contains("PriceRetracted") }
        XCTAssertEqual(log.count, 2)
        XCTAssertTrue(log[0].contains("\"\"reason\"\":\"\"typo\"\""), "\(log)")
        // `history --price` shows who took each back, why, and the day's price before and after.
        let history = try ok("history", "--price", "EUR", "--format", "csv").stdoutLines
        XCTAssertEqual(history.filter { $0.contains("PriceRetracted") }.map { $0.split(separator: ",", omittingEmptySubsequences: false).suffix(5).joined(separator: ",") },
                       ["PriceRetracted,2026-11-01 in USD,1.10 USD,1.08 USD,typo", "PriceRetracted,2026-11-01 in USD,1.08 USD,(none),"])
        try assertRefused(["history"], mentioning: ["give a transaction id, or --price COMMODITY"], exitCode: 64)
        XCTAssertEqual(try kakeibo("replay", "--check").exitCode, 0)
    }
}
