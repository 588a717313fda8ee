import Foundation
import KakeiboDomain
@testable import KakeiboInterop
import KakeiboLedger
import XCTest

/// Importing into a ledger: provenance, keys in the log, re-import and extension, all or nothing.
final class JournalImportTests: XCTestCase {
    var directory: URL!
    var ledger: Ledger!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-interop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        ledger = try Ledger.create(at: directory.appendingPathComponent("ledger.sqlite").path, currency: .usd, timeZone: "UTC",
                                   environment: .deterministic(startingAt: 1_795_262_400_000, seed: 3, actor: "tester"))
    }

    override func tearDownWithError() throws {
        ledger = nil
        try? FileManager.default.removeItem(at: directory)
    }

    @discardableResult
    func write(_ text: String, to name: String = "books.journal") throws -> String {
        let path = directory.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @discardableResult
    func importFile(_ path: String) throws -> JournalImportReport {
        try JournalImporter.importJournal(try JournalReader.read(path: path), into: ledger)
    }

    func balances() throws -> [String] {
        try ledger.balances().accounts.map { "\($0.account),\($0.amount.currency.code),\($0.amount.decimalString)" }
    }

    static let month = """
        2026-11-01 Employer
            assets:checking    $2,500.00
            income:salary

        2026-11-02 Coffee
            expenses:dining    $4.50
            assets:checking

        2026-11-02 Coffee
            expenses:dining    $4.50
            assets:checking

        """

    func testImportOpensAccountsAndRecordsWithProvenanceAndKeys() throws {
        let path = try write(Self.month)
        let report = try importFile(path)
        XCTAssertEqual(report.transactions, 3)
        XCTAssertEqual(report.appended, 3, "two identical coffees both stay")
        XCTAssertEqual(report.accountsOpened.map(\.name.rawValue), ["assets:checking", "income:salary", "expenses:dining"])
        XCTAssertEqual(report.accountsOpened.map(\.type), [.asset, .income, .expense])
        XCTAssertEqual(try balances(), ["assets:checking,USD,2491.00", "expenses:dining,USD,9.00", "income:salary,USD,-2500.00"])

        let events = try ledger.events()
        let recorded = events.filter { $0.type == "TransactionRecorded" }
        XCTAssertEqual(recorded.map(\.source.rawValue), Array(repeating: "journal-import", count: 3))
        XCTAssertEqual(recorded.map(\.provenance), ["\(path):1", "\(path):5", "\(path):9"])
        let keys = recorded.compactMap(\.idempotencyKey)
        XCTAssertEqual(keys.count, 3)
        XCTAssertTrue(keys[1].hasSuffix(":0") && keys[2].hasSuffix(":1"), "\(keys)")
        XCTAssertEqual(keys[1].dropLast(2), keys[2].dropLast(2), "the same content, told apart by occurrence")
    }

    func testReimportAppendsNothing() throws {
        let path = try write(Self.month)
        try importFile(path)
        let head = try ledger.head()
        let again = try importFile(path)
        XCTAssertEqual(again.appended, 0)
        XCTAssertEqual(again.alreadyRecorded, 3)
        XCTAssertEqual(again.accountsOpened, [])
        XCTAssertEqual(try ledger.head(), head)
    }

    func testExtendedFileAppendsOnlyTheNewTransactions() throws {
        let path = try write(Self.month)
        try importFile(path)
        let before = try ledger.head().position
        // A third identical coffee, a new account, and the same three transactions at the top.
        try write(Self.month + """
            2026-11-02 Coffee
                expenses:dining    $4.50
                assets:checking

            2026-11-03 Bookshop
                expenses:books     $20
                assets:checking

            """)
        let report = try importFile(path)
        XCTAssertEqual(report.appended, 2)
        XCTAssertEqual(report.alreadyRecorded, 3)
        XCTAssertEqual(report.accountsOpened.map(\.name.rawValue), ["expenses:books"])
        XCTAssertEqual(try ledger.head().position, before + 3, "one account opened, two transactions")
        XCTAssertEqual(try balances(), ["assets:checking,USD,2466.50", "expenses:books,USD,20.00", "expenses:dining,USD,13.50",
                                        "income:salary,USD,-2500.00"])
    }

    func testFeaturesFixtureImportsWholeAndBalances() throws {
        let report = try importFile(Tools.fixture("features.journal"))
        XCTAssertEqual(report.appended, 12)
        XCTAssertEqual(report.prices.count, 2)
        XCTAssertEqual(try ledger.balances().totals.filter { !$0.isZero }, [], "every currency sums to zero")
        XCTAssertTrue(try balances().contains("savings:box,USD,100.00"))
        XCTAssertEqual(try ledger.accounts().first { $0.account.name.rawValue == "savings:box" }?.account.type, .asset,
                       "a type declared on savings holds for savings:box")
    }

    func testMalformedJournalsAppendNothing() throws {
        try importFile(try write(Self.month, to: "first.journal"))
        let head = try ledger.head()
        for file in ["malformed-price", "malformed-unbalanced", "malformed-assertion", "malformed-amount", "malformed-directive",
                     "malformed-virtual", "include-cycle-a"] {
            XCTAssertThrowsError(try importFile(Tools.fixture(file + ".journal")), file)
            XCTAssertEqual(try ledger.head(), head, "\(file) changed the log")
        }
    }

    func testConflictsWithTheLedgerAreFoundBeforeAnythingIsAppended() throws {
        try importFile(try write(Self.month, to: "first.journal"))
        let head = try ledger.head()
        // The ledger's assets:checking holds USD; a journal posting euros to it is refused, naming the line.
        let euros = try write("2026-11-05 Fine\n    expenses:fines  $5\n    assets:cash\n\n2026-11-06 Euros\n    assets:checking  €5\n    income:salary\n",
                              to: "euros.journal")
        XCTAssertThrowsError(try importFile(euros)) { error in
            XCTAssertTrue("\(error)".hasPrefix("\(euros):6:5: account assets:checking holds USD"), "\(error)")
        }
        XCTAssertEqual(try ledger.head(), head)
        // An account whose type cannot be told is no longer a conflict: it is imported unclassified
        // (issue 20; AccountTypeTests).
    }

    func testALedgerRefusalMidBatchRollsBackTheWholeImport() throws {
        try importFile(try write(Self.month, to: "first.journal"))
        try ledger.record(.openAccount(name: "assets:old", type: .asset, currency: nil))
        try ledger.record(.closeAccount(name: "assets:old"))
        let head = try ledger.head()
        let path = try write("2026-11-05 a\n    expenses:x  $5\n    assets:cash\n\n2026-11-06 b\n    expenses:x  $5\n    assets:old\n")
        XCTAssertThrowsError(try importFile(path)) { error in
            XCTAssertTrue("\(error)".hasPrefix("\(path):7:5: "), "\(error)")
            XCTAssertTrue("\(error)".contains("closed"), "\(error)")
        }
        XCTAssertEqual(try ledger.head(), head)
    }

    func testGeneratedJournalImportedInTwoStepsEqualsOneImport() throws {
        var generator = JournalGenerator(seed: 42)
        let text = generator.journal(transactions: 2_000)
        let blocks = text.components(separatedBy: "\n\n")
        let half = blocks.prefix(blocks.count / 2).joined(separator: "\n\n") + "\n"
        let path = try write(half)
        let first = try importFile(path)
        try write(text)
        let second = try importFile(path)
        XCTAssertEqual(second.alreadyRecorded, first.transactions, "everything from the first half is recognised")
        XCTAssertEqual(second.appended, second.transactions - first.transactions, "only the second half is appended")

        let stepwise = try balances()
        ledger = try Ledger.create(at: directory.appendingPathComponent("fresh.sqlite").path, currency: .usd, timeZone: "UTC",
                                   environment: .deterministic(startingAt: 1_795_262_400_000, seed: 4, actor: "tester"))
        try importFile(path)
        XCTAssertEqual(try balances(), stepwise)
    }
}
