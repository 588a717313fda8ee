import Foundation
import KakeiboDomain
@testable import KakeiboInterop
import KakeiboLedger
import XCTest

/// Issue 29, B12: a journal's status (`*`, `!`) and code (`(1001)`) are kept on the transaction,
/// exported as written, and queried as hledger queries them.
final class TransactionMarksTests: XCTestCase {
    var ledger: Ledger!

    static let marks = """
        2026-08-01 * (1001) Maple Court | August rent
            expenses:rent  $1,450.00
            assets:checking

        2026.08.05 ! Pending: Corner Cafe
            expenses:dining  $12.40
            assets:checking

        2026-08-06 Market
            expenses:groceries  $30.00
            assets:checking

        2026-08-07 ! (77) Hardware
            expenses:household  $8.00
            assets:checking

        """

    override func setUpWithError() throws {
        ledger = try Ledger.inMemory(currency: .usd, environment: .deterministic(startingAt: 1_795_262_400_000, seed: 12, actor: "tester"))
        _ = try JournalImporter.importJournal(try JournalReader.read(text: Self.marks, name: "marks.journal"), into: ledger)
    }

    func payees(_ words: [String]) throws -> [String] {
        let query = try ReportQuery(words: words, today: LocalDate(year: 2026, month: 11, day: 25))
        var seen: [String] = []
        for entry in try ledger.register(query).entries where seen.last != entry.posted.payee { seen.append(entry.posted.payee ?? "") }
        return seen
    }

    func testStatusAndCodeAreKept() throws {
        let listed = try ledger.transactions()
        XCTAssertEqual(listed.map(\.status), [.cleared, .pending, nil, .pending])
        XCTAssertEqual(listed.map(\.code), ["1001", nil, nil, "77"])
        let register = try ledger.register(ReportQuery())
        XCTAssertEqual(register.entries.first?.posted.status, .cleared)
        XCTAssertEqual(register.entries.first?.posted.code, "1001")
    }

    func testStatusTermsQueryAsHledger() throws {
        XCTAssertEqual(try payees(["status:*"]), ["Maple Court"])
        XCTAssertEqual(try payees(["status:!"]), ["Pending: Corner Cafe", "Hardware"])
        XCTAssertEqual(try payees(["status:"]), ["Market"])
        XCTAssertEqual(try payees(["status:*", "status:"]), ["Maple Court", "Market"], "alternatives")
        XCTAssertEqual(try payees(["not:status:!"]), ["Maple Court", "Market"])
        XCTAssertEqual(try payees(["status:!", "expenses:household"]), ["Hardware"])
        XCTAssertThrowsError(try payees(["status:x"])) { error in
            XCTAssertTrue("\(error)".contains("status:* (cleared)"), "\(error)")
        }
        let cleared = try ledger.balances(try ReportQuery(words: ["status:*"], today: LocalDate(year: 2026, month: 11, day: 25)))
        XCTAssertEqual(cleared.accounts.map { "\($0.account) \($0.amount)" }, ["assets:checking -1450.00 USD", "expenses:rent 1450.00 USD"])
    }

    func testTheExportsWriteThemAsTheJournalDid() throws {
        let journal = try JournalExporter.export(ledger)
        XCTAssertTrue(journal.contains("\n2026-08-01 * (1001) Maple Court  ; August rent\n"), journal)
        XCTAssertTrue(journal.contains("\n2026-08-05 ! Pending: Corner Cafe\n"), journal)
        XCTAssertTrue(journal.contains("\n2026-08-06 Market\n"), journal)
        XCTAssertTrue(journal.contains("\n2026-08-07 ! (77) Hardware\n"), journal)
        let beancount = try BeancountExporter.export(ledger)
        XCTAssertTrue(beancount.contains("\n2026-08-05 ! \"Pending: Corner Cafe\" \"\"\n"), beancount)
        XCTAssertTrue(beancount.contains("\n2026-08-01 * \"Maple Court\" \"August rent\"\n"), beancount)
        XCTAssertTrue(beancount.contains("  code: \"1001\"\n"), beancount)
    }

    func testBeanCheckAcceptsThePendingFlagAndTheCode() throws {
        let beanCheck = try Tools.beanCheck()
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-b12-\(UUID().uuidString).beancount").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try BeancountExporter.export(ledger).write(toFile: path, atomically: true, encoding: .utf8)
        let output = try Tools.run(beanCheck, [path])
        XCTAssertEqual(output.status, 0, output.stdout + output.stderr)
    }

    /// The export read back is the same journal: nothing appended.
    func testReimportingTheExportAppendsNothing() throws {
        let exported = try JournalExporter.export(ledger)
        let report = try JournalImporter.importJournal(try JournalReader.read(text: exported, name: "export.journal"), into: ledger)
        XCTAssertEqual(report.appended, 0)
        XCTAssertEqual(report.alreadyRecorded, 4)
    }

    /// Events from before status was kept carry no `status` or `code`: they decode and encode to
    /// the same bytes, so replay and the hash chain stay as they were.
    func testAnOlderPayloadKeepsItsBytes() throws {
        let old = #"{"date":"2026-08-01","memo":null,"payee":"Market","postings":[],"txn":"t1"}"#
        let event = try LedgerEvent(type: "TransactionRecorded", schemaVersion: 1, payload: try JSONValue(parsing: Array(old.utf8)))
        XCTAssertEqual(String(decoding: event.payload.canonicalBytes(), as: UTF8.self), old)
        let marked = #"{"code":"1001","date":"2026-08-01","memo":null,"payee":"Market","postings":[],"status":"cleared","txn":"t1"}"#
        let decoded = try LedgerEvent(type: "TransactionRecorded", schemaVersion: 1, payload: try JSONValue(parsing: Array(marked.utf8)))
        guard case .transactionRecorded(let recorded) = decoded else { return XCTFail("\(decoded)") }
        XCTAssertEqual(recorded.status, .cleared)
        XCTAssertEqual(recorded.code, "1001")
        XCTAssertEqual(String(decoding: decoded.payload.canonicalBytes(), as: UTF8.self), marked)
    }
}
