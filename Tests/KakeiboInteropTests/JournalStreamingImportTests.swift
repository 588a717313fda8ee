import Foundation
import KakeiboDomain
@testable import KakeiboInterop
import KakeiboLedger
import XCTest

/// Issue 12, item 6: `import journal` reads the file twice and holds no transaction of it, and
/// records exactly what importing the journal read whole records.
final class JournalStreamingImportTests: XCTestCase {
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("streaming-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    func newLedger() throws -> Ledger {
        try Ledger.inMemory(currency: .usd, environment: .deterministic(startingAt: 1_795_262_400_000, seed: 5, actor: "tester"))
    }

    func write(_ text: String, to name: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// What a ledger holds after an import, to compare two: its report, balances and journal.
    func outcome(_ path: String, streamed: Bool, into ledger: Ledger) -> String {
        do {
            let report = streamed
                ? try JournalImporter.importJournal(path: path, currentYear: 2026, into: ledger)
                : try JournalImporter.importJournal(try JournalReader.read(path: path, currentYear: 2026), into: ledger)
            return "\(report)\n\(try ledger.balances())\n\(try JournalExporter.export(ledger))"
        } catch {
            return "refused: \(error)"
        }
    }

    func testEveryFixtureJournalRecordsTheSameStreamedAsReadWhole() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Tools.fixtures.path).filter { $0.hasSuffix(".journal") }
        XCTAssertGreaterThan(names.count, 15)
        var refused = 0
        for name in names.sorted() {
            let path = Tools.fixture(name)
            let whole = outcome(path, streamed: false, into: try newLedger())
            XCTAssertEqual(outcome(path, streamed: true, into: try newLedger()), whole, name)
            if whole.hasPrefix("refused") { refused += 1 }
        }
        XCTAssertGreaterThan(refused, 3, "the malformed fixtures are refused the same way")
        XCTAssertLessThan(refused, names.count - 10, "most fixtures import")
    }

    /// A generated journal of 20k transactions is ~2.4 MB, read in 1 MiB blocks: lines cross the
    /// blocks' edges, with a byte order mark, CRLF line ends and text outside ASCII.
    func testAJournalReadInBlocksReadsAsOneReadWhole() throws {
        var generator = JournalGenerator(seed: 11)
        let text = "\u{FEFF}" + generator.journal(transactions: 20_000)
            .replacingOccurrences(of: "Bakery", with: "Bäckerei Müller 🥐")
            .replacingOccurrences(of: "\n", with: "\r\n")
        XCTAssertGreaterThan(text.utf8.count, 2 * JournalReader.blockSize)
        let path = try write(text, to: "big.journal")
        let fromFile = try JournalReader.read(path: path, currentYear: 2026)
        let fromText = try JournalReader.read(text: text, name: path, currentYear: 2026)
        XCTAssertGreaterThanOrEqual(fromFile.transactions.count, 20_000)
        XCTAssertGreaterThan(fromFile.assertionsChecked, 100)
        XCTAssertEqual(fromFile, fromText)

        let ledger = try newLedger()
        var told: [[Int]] = []
        let streamed = try JournalImporter.importJournal(path: path, currentYear: 2026, into: ledger) { told.append([$0, $1]) }
        XCTAssertEqual(streamed.appended, fromFile.transactions.count)
        XCTAssertEqual(streamed.assertionsChecked, fromFile.assertionsChecked, "checked as they were read, in date order")
        let count = streamed.appended
        XCTAssertEqual(told, (1...count / 1024).map { [$0 * 1024, count] } + [[count, count]], "every 1,024 recorded, then the end")
        told = []
        let again = try JournalImporter.importJournal(path: path, currentYear: 2026, into: ledger) { told.append([$0, $1]) }
        XCTAssertEqual(told, [], "nothing to record, nothing to tell")
        XCTAssertEqual(again.appended, 0)
        XCTAssertEqual(again.alreadyRecorded, fromFile.transactions.count)
    }

    func testIdenticalTransactionsAreCountedAcrossBothPasses() throws {
        let coffee = "2026-08-02 Coffee\n    expenses:dining   $3.50\n    assets:cash\n\n"
        let opening = "2026-08-01 opening\n    assets:cash   $100.00\n    equity:opening\n\n"
        let ledger = try newLedger()
        let first = try write(opening + coffee + coffee + coffee, to: "cafe.journal")
        XCTAssertEqual(try JournalImporter.importJournal(path: first, currentYear: 2026, into: ledger).appended, 4)
        XCTAssertEqual(try JournalImporter.importJournal(path: first, currentYear: 2026, into: ledger).appended, 0)
        let more = try write(opening + coffee + coffee + coffee + coffee, to: "cafe.journal")
        let report = try JournalImporter.importJournal(path: more, currentYear: 2026, into: ledger)
        XCTAssertEqual(report.appended, 1, "the fourth coffee is new")
        XCTAssertEqual(try ledger.balances().accounts.first { $0.account.rawValue == "expenses:dining" }?.amount.decimalString, "14.00")
    }

    /// hledger checks assertions in date order: a file whose dates go back is read whole for them.
    func testABackFilledEntryStillCountsBeforeALaterAssertion() throws {
        let holds = try write(JournalAssertionOrderTests.backFilledBeforeItsAssertion, to: "backfill.journal")
        let report = try JournalImporter.importJournal(path: holds, currentYear: 2026, into: try newLedger())
        XCTAssertEqual(report.assertionsChecked, 1)
        XCTAssertEqual(report.appended, 2)

        let fails = try write(JournalAssertionOrderTests.holdsOnlyInFileOrder, to: "backfill-fails.journal")
        let ledger = try newLedger()
        let head = try ledger.head()
        XCTAssertThrowsError(try JournalImporter.importJournal(path: fails, currentYear: 2026, into: ledger)) { error in
            guard case .balanceAssertionFailed(let location, "assets:cash", _, let actual)? = error as? ImportError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(location.line, 6)
            XCTAssertEqual(actual, "15.00 USD", "the back-filled $4 counted")
        }
        XCTAssertEqual(try ledger.head(), head)
    }

    /// The second pass must read what the first did; a file changed in between records nothing.
    func testTransactionsThatDifferFromTheSurveyRecordNothing() throws {
        let before = try JournalReader.read(text: "2026-08-01 a\n    expenses:food   $1.00\n    assets:cash\n\n"
                                                + "2026-08-02 b\n    expenses:food   $2.00\n    assets:cash\n", name: "changing.journal")
        let after = try JournalReader.read(text: "2026-08-01 a\n    expenses:food   $1.00\n    assets:cash\n\n"
                                               + "2026-08-02 b\n    expenses:food   $2.50\n    assets:cash\n", name: "changing.journal")
        let ledger = try newLedger()
        let head = try ledger.head()
        var survey = JournalImporter.TransactionSurvey(existing: [:])
        for transaction in before.transactions { survey.add(transaction) }
        XCTAssertThrowsError(try JournalImporter.importOnce(before, &survey, from: .held(after.transactions), into: ledger, replace: false)) { error in
            XCTAssertTrue("\(error)".contains("changed while it was being imported"), "\(error)")
        }
        XCTAssertEqual(try ledger.head(), head, "nothing recorded, not even the accounts")
    }
}
