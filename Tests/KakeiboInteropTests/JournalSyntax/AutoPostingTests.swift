import Foundation
import KakeiboDomain
@testable import KakeiboInterop
import KakeiboLedger
import XCTest

/// Issue 36's journal syntax in `Fixtures/journals/auto-postings.journal`: automated posting
/// rules (one written after the transactions it applies to), secondary dates, apply account and
/// comment lines. Balances equal `hledger --auto bal`; the export, which writes the generated
/// postings out and no rule, gives hledger the same balances without `--auto`; both re-import
/// appending nothing.
final class AutoPostingTests: JournalSyntaxTestCase {
    func testBalancesEqualHledgersWithAutoAndReimportAppendsNothing() throws {
        let report = try importFixture("auto-postings.journal")
        XCTAssertEqual(report.appended, 3)
        XCTAssertEqual(try balances(), ["assets:checking,USD,1930", "assets:earmarked,USD,35", "budget:food,USD,-35",
                                        "expenses:food:dining,USD,35", "household:assets:cash,USD,-120.4",
                                        "household:expenses:food,USD,120.4", "income:salary,USD,-2000",
                                        "liabilities:tax,USD,-500", "memo:tips,USD,25"])
        try assertBalancesEqualHledger("auto-postings.journal", hledgerArguments: ["--auto"])
        try assertReimportAppendsNothing("auto-postings.journal")
        XCTAssertTrue(try ledger.verify().isValid)
    }

    func testGeneratedPostingsCarryTheRuleAndTheSecondaryDateIsKept() throws {
        let journal = try JournalReader.read(path: Tools.fixture("auto-postings.journal"))
        let paycheck = journal.transactions[0]
        XCTAssertEqual(paycheck.date2, try LocalDate(year: 2026, month: 1, day: 7))
        XCTAssertEqual(paycheck.memo, "a comment line inside the transaction date2: 2026-01-07")
        let tax = try XCTUnwrap(paycheck.postings.first { $0.account.rawValue == "liabilities:tax" })
        XCTAssertEqual(tax.generatedBy, "= ^income cur:\\$")
        XCTAssertEqual(tax.comment, "generated-posting: = ^income cur:\\$")
        XCTAssertEqual(tax.virtual, .unbalanced)
        // The year of `=01-14` is the primary date's.
        XCTAssertEqual(journal.transactions[2].date2, try LocalDate(year: 2026, month: 1, day: 14))
        // The rule written after the Bistro applies to its every posting, the generated ones too.
        XCTAssertEqual(journal.transactions[2].postings.filter { $0.account.rawValue == "memo:tips" }.count, 5)
        XCTAssertEqual(journal.transactions[1].postings.map(\.account.rawValue), ["household:expenses:food", "household:assets:cash"])
    }

    func testTheExportGivesHledgerTheSameBalancesWithoutRulesAndReimportsToNothing() throws {
        try importFixture("auto-postings.journal")
        let path = directory.appendingPathComponent("export.journal").path
        try JournalExporter.export(ledger).write(toFile: path, atomically: true, encoding: .utf8)
        let exported = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(exported.contains("generated-posting: = ^expenses:food"), exported)
        XCTAssertTrue(exported.contains("date2: 2026-01-07"), exported)
        let hledger = try Tools.hledger()
        let output = try Tools.run(hledger, ["-f", path, "bal", "-N", "-O", "json"])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(try HledgerJSON.balances(output.stdout).map(HledgerJSON.normalised), try balances())
        let head = try ledger.head()
        let again = try JournalImporter.importJournal(try JournalReader.read(path: path), into: ledger)
        XCTAssertEqual(again.appended, 0)
        XCTAssertEqual(try ledger.head(), head)
    }

    /// Bad rules and dates: one line naming file:line:column, and the log as it was.
    func testBadInputIsRefusedInOneLineAndAppendsNothing() throws {
        try importFixture("auto-postings.journal")
        let head = try ledger.head()
        let cases: [(String, String, String)] = [
            // The added postings do not balance among themselves.
            ("= ^expenses\n    assets:envelope    *-1\n\n2026-02-01 x\n    expenses:rent  $5\n    assets:checking\n", "4:1",
             "an auto posting rule added"),
            // $0.10 × 0.333 is $0.0333: never rounded.
            ("= ^expenses\n    (budget:rent)    *0.333\n\n2026-02-01 x\n    expenses:rent  $0.10\n    assets:checking\n", "2:5",
             "more decimals than USD"),
            ("= date:2026\n    (a)  $1\n", "1:2", "date:2026"),
            ("2026-02-01=2026-02-30 x\n    expenses:rent  $5\n    assets:checking\n", "1:12", "2026-02-30"),
            ("end apply account\n", "1:5", "apply account"),
        ]
        for (text, place, phrase) in cases {
            let path = directory.appendingPathComponent("bad.journal").path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            XCTAssertThrowsError(try JournalImporter.importJournal(try JournalReader.read(path: path), into: ledger), text) { error in
                let description = "\(error)"
                XCTAssertTrue(description.contains("bad.journal:\(place): "), description)
                XCTAssertTrue(description.contains(phrase), description)
                XCTAssertFalse(description.contains("\n"), description)
            }
            XCTAssertEqual(try ledger.head(), head, text)
        }
    }
}
