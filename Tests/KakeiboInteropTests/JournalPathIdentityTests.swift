import Foundation
import KakeiboDomain
@testable import KakeiboInterop
import KakeiboLedger
import XCTest

/// Issue 29, B3: a journal is the same journal however its path is spelled (relative, absolute,
/// `./sub/../x`, a symlink), and a different file of the same name is a different journal.
final class JournalPathIdentityTests: XCTestCase {
    var ledger: Ledger!
    var directory: URL!
    var previous: String!

    override func setUpWithError() throws {
        ledger = try Ledger.inMemory(currency: .usd, environment: .deterministic(startingAt: 1_795_262_400_000, seed: 3, actor: "tester"))
        directory = URL(fileURLWithPath: CanonicalPath.of(FileManager.default.temporaryDirectory.path))
            .appendingPathComponent("kakeibo-b3-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("sub"), withIntermediateDirectories: true)
        previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(directory.path))
    }

    override func tearDownWithError() throws {
        _ = FileManager.default.changeCurrentDirectoryPath(previous)
        try? FileManager.default.removeItem(at: directory)
    }

    static func journal(dining: String) -> String {
        """
        2026-10-01 Salary
            assets:checking  $3,000.00
            income:salary
        2026-10-03 Dinner
            expenses:dining  \(dining)
            liabilities:visa
        2026-10-20 Visa payment
            liabilities:visa  \(dining)
            assets:checking

        """
    }

    func write(_ text: String, _ path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    @discardableResult
    func importPath(_ path: String) throws -> JournalImportReport {
        try JournalImporter.importJournal(path: path, currentYear: 2026, into: ledger)
    }

    func testEverySpellingOfACorrectedJournalIsRefused() throws {
        try write(Self.journal(dining: "$64.20"), "house.journal")
        try importPath("house.journal")
        try write(Self.journal(dining: "$46.20"), "house.journal")
        try FileManager.default.createSymbolicLink(atPath: "link.journal", withDestinationPath: "house.journal")
        let head = try ledger.head()
        for spelling in ["house.journal", directory.appendingPathComponent("house.journal").path, "./sub/../house.journal",
                         "link.journal", "./house.journal"] {
            XCTAssertThrowsError(try importPath(spelling), spelling) { error in
                guard case .noLongerInFile(2, _)? = error as? ImportError else { return XCTFail("\(spelling): \(error)") }
            }
        }
        XCTAssertEqual(try ledger.head(), head, "nothing appended")
    }

    func testProvenanceNamesTheFileByItsCanonicalPath() throws {
        try write(Self.journal(dining: "$64.20"), "sub/house.journal")
        try importPath("./sub/../sub/house.journal")
        let canonical = directory.appendingPathComponent("sub/house.journal").path
        let provenances = try ledger.events().filter { $0.type == "TransactionRecorded" }.map(\.provenance)
        XCTAssertEqual(provenances, ["\(canonical):1", "\(canonical):4", "\(canonical):7"])
    }

    /// A different file that happens to have the same name is not "this journal".
    func testAFileOfTheSameNameElsewhereIsAnotherJournal() throws {
        try write(Self.journal(dining: "$64.20"), "sub/house.journal")
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(directory.appendingPathComponent("sub").path))
        try importPath("house.journal")
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(directory.path))
        try write(Self.journal(dining: "$46.20"), "house.journal")
        let report = try importPath("house.journal")
        XCTAssertEqual(report.appended, 2)
        XCTAssertEqual(report.alreadyRecorded, 1)
    }

    /// A ledger an older Kakeibo wrote recorded the path as typed (`house.journal:4`): importing the
    /// same file by its absolute path still finds those transactions, so a corrected copy is refused.
    func testAnOlderImportsTypedPathIsStillRecognised() throws {
        try write(Self.journal(dining: "$64.20"), "house.journal")
        // What an older import recorded: the same keys, the provenance as typed.
        let journal = try JournalReader.read(path: "house.journal", currentYear: 2026)
        var survey = JournalImporter.TransactionSurvey(existing: try JournalImporter.existingAccounts(ledger))
        for transaction in journal.transactions { survey.add(transaction) }
        var (entries, _, at) = try JournalImporter.plan(journal, survey, for: ledger)
        var keys = JournalImporter.KeyCounter(repeated: [])
        for transaction in journal.transactions {
            let input = try JournalImporter.command(for: transaction)
            let key = keys.key(for: input)
            entries.insert(.init(command: .recordTransaction(input),
                                 options: CommandOptions(source: .journalImport, provenance: transaction.location.fileAndLine,
                                                         idempotencyKey: key.text, fingerprint: key.fingerprint),
                                 location: transaction.location, kind: .transaction), at: at)
            at += 1
        }
        _ = try ledger.record(entries: entries.map { ($0.command, $0.options) })
        XCTAssertEqual(try ledger.events().filter { $0.type == "TransactionRecorded" }.compactMap(\.provenance),
                       ["house.journal:1", "house.journal:4", "house.journal:7"])

        // Re-imported by its absolute path, unchanged: nothing appended.
        let absolute = directory.appendingPathComponent("house.journal").path
        XCTAssertEqual(try importPath(absolute).appended, 0)
        // Corrected: refused under any spelling, as before.
        try write(Self.journal(dining: "$46.20"), "house.journal")
        for spelling in [absolute, "house.journal", "./sub/../house.journal"] {
            XCTAssertThrowsError(try importPath(spelling)) { error in
                guard case .noLongerInFile(2, let examples)? = error as? ImportError else { return XCTFail("\(error)") }
                XCTAssertEqual(examples, ["2026-10-03 Dinner from house.journal:4", "2026-10-20 Visa payment from house.journal:7"])
            }
        }
    }
}
