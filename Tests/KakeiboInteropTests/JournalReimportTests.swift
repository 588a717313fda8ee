import Foundation
import KakeiboDomain
import KakeiboInterop
import KakeiboLedger
import XCTest

/// Issue 13, item 2: a journal corrected and imported again must not count both versions.
final class JournalReimportTests: XCTestCase {
    var ledger: Ledger!

    override func setUpWithError() throws {
        ledger = try Ledger.inMemory(currency: .usd, environment: .deterministic(startingAt: 1_795_262_400_000, seed: 5, actor: "tester"))
    }

    static func journal(dining: String) -> String {
        """
        2026-08-01 opening
            assets:checking   $1000.00
            equity:opening

        2026-08-14 Bistro
            expenses:dining   \(dining)
            assets:checking

        2026-08-15 Green Grocer
            expenses:groceries   $30.00
            assets:checking

        """
    }

    @discardableResult
    func importText(_ text: String, name: String, replace: Bool = false) throws -> JournalImportReport {
        try JournalImporter.importJournal(try JournalReader.read(text: text, name: name), into: ledger, replace: replace)
    }

    func dining() throws -> String? {
        try ledger.balances().accounts.first { $0.account.rawValue == "expenses:dining" }?.amount.decimalString
    }

    func testACorrectedTransactionIsReportedAndRefused() throws {
        try importText(Self.journal(dining: "$64.20"), name: "v2.journal")
        let head = try ledger.head()
        for name in ["v2.journal", "v3.journal"] { // the same file edited, or a corrected copy
            XCTAssertThrowsError(try importText(Self.journal(dining: "$46.20"), name: name)) { error in
                guard case .noLongerInFile(1, let examples)? = error as? ImportError else { return XCTFail("\(error)") }
                XCTAssertEqual(examples, ["2026-08-14 Bistro from v2.journal:5"])
                // The way out (`import journal --replace`) is the CLI's hint, pinned in Fixtures/golden/stderr; the library names no option.
                XCTAssertTrue("\(error)".hasSuffix("so importing it would count old and new versions"), "\(error)")
            }
        }
        XCTAssertEqual(try ledger.head(), head, "nothing appended")
        XCTAssertEqual(try dining(), "64.20")
    }

    /// Two journals that share a line or two (the same opening balance) are not versions of one another.
    func testADifferentJournalSharingAFewLinesIsNotRefused() throws {
        try importText(Self.journal(dining: "$64.20"), name: "alice.journal")
        let report = try importText("""
            2026-08-01 opening
                assets:checking   $1000.00
                equity:opening

            2026-08-16 Bakery
                expenses:groceries   $8.00
                assets:checking

            2026-08-17 Bus
                expenses:transport   $2.50
                assets:checking

            """, name: "bob.journal")
        XCTAssertEqual(report.appended, 2)
        XCTAssertEqual(report.voided, 0)
    }

    func testReplaceVoidsWhatTheFileNoLongerHolds() throws {
        try importText(Self.journal(dining: "$64.20"), name: "v2.journal")
        let report = try importText(Self.journal(dining: "$46.20"), name: "v3.journal", replace: true)
        XCTAssertEqual(report.appended, 1)
        XCTAssertEqual(report.alreadyRecorded, 2)
        XCTAssertEqual(report.voided, 1)
        XCTAssertEqual(try dining(), "46.20", "as hledger -f v3.journal bal expenses:dining says")
        // Now the corrected file is what the ledger holds: importing it again does nothing.
        let again = try importText(Self.journal(dining: "$46.20"), name: "v3.journal")
        XCTAssertEqual(again.appended, 0)
        XCTAssertEqual(again.voided, 0)
        XCTAssertTrue(try ledger.verify().isValid)
    }

    /// A transaction `--replace` voided still counts as recorded: the old file imported again
    /// brings it back neither as new nor as missing (it is not live, so it does not make the
    /// old file a version of the new one).
    func testTheOldFileAfterAReplaceAppendsNothing() throws {
        try importText(Self.journal(dining: "$64.20"), name: "v2.journal")
        try importText(Self.journal(dining: "$46.20"), name: "v3.journal", replace: true)
        let head = try ledger.head()
        let again = try importText(Self.journal(dining: "$64.20"), name: "v2.journal")
        XCTAssertEqual(again.appended, 0)
        XCTAssertEqual(again.alreadyRecorded, 3)
        XCTAssertEqual(again.voided, 0)
        XCTAssertEqual(try ledger.head(), head)
        XCTAssertEqual(try dining(), "46.20")
    }

    func testAnExtendedFileAndAnUnrelatedFileAreNotRefused() throws {
        try importText(Self.journal(dining: "$64.20"), name: "august.journal")
        try importText(Self.journal(dining: "$64.20") + """
            2026-08-20 Cinema
                expenses:fun   $12.00
                assets:checking

            """, name: "august.journal")
        // Another month's journal shares no transaction with August's: nothing is "missing" from it.
        try importText("""
            2026-09-01 Green Grocer
                expenses:groceries   $31.00
                assets:checking

            """, name: "september.journal")
        XCTAssertEqual(try ledger.balances().accounts.count, 5)
    }

    /// Item 12: the same file again after `account rename` opens no ghost of the old name.
    func testReimportAfterARenameAppendsNothing() throws {
        let text = Self.journal(dining: "$64.20")
        try importText(text, name: "books.journal")
        try ledger.record(.renameAccount(name: "expenses:dining", newName: "expenses:eating out"))
        let head = try ledger.head()
        let again = try importText(text, name: "books.journal")
        XCTAssertEqual(again.appended, 0)
        XCTAssertEqual(again.accountsOpened, [])
        XCTAssertEqual(try ledger.head(), head, "importing the same file again appends nothing")
        XCTAssertFalse(try ledger.accounts().contains { $0.account.name.rawValue == "expenses:dining" })
    }

    /// The same, as a user runs it: one error line, then `--replace`.
    func testTheCommandRefusesThenReplaces() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-reimport-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let kakeibo = try Tools.kakeiboBinary(), db = directory.appendingPathComponent("ledger.sqlite").path
        func run(_ arguments: String...) throws -> Tools.Output { try Tools.run(kakeibo, ["--db", db] + arguments, in: directory) }
        let journal = directory.appendingPathComponent("books.journal").path
        XCTAssertEqual(try run("init", "--currency", "USD").status, 0)
        try Self.journal(dining: "$64.20").write(toFile: journal, atomically: true, encoding: .utf8)
        XCTAssertEqual(try run("import", "journal", journal).status, 0)
        try Self.journal(dining: "$46.20").write(toFile: journal, atomically: true, encoding: .utf8)
        let refused = try run("import", "journal", journal)
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.stdout, "")
        XCTAssertEqual(refused.stderr.split(separator: "\n").count, 1, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("1 transaction imported earlier from this journal is no longer in it"), refused.stderr)
        XCTAssertTrue(refused.stderr.hasSuffix("; import with --replace to void them, or put them back in the file\n"), refused.stderr)
        let replaced = try run("import", "journal", journal, "--replace")
        XCTAssertEqual(replaced.status, 0, replaced.stderr)
        XCTAssertTrue(replaced.stdout.contains("1 transaction appended, 2 already recorded, 0 balance assertions checked, "
                                               + "1 transaction no longer in the file voided"), replaced.stdout)
    }
}
