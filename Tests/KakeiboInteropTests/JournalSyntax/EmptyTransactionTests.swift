import Foundation
import KakeiboDomain
@testable import KakeiboInterop
import KakeiboLedger
import XCTest

/// A transaction with no postings (or only zero amounts) is kept as a dated note: in the log,
/// among the transactions, moving no money.
final class EmptyTransactionTests: JournalSyntaxTestCase {
    func testEmptyTransactionsAreDatedNotesThatMoveNoMoney() throws {
        let report = try importFixture("empty-transactions.journal")
        XCTAssertEqual(report.appended, 4)
        let notes = try ledger.transactions().filter { $0.lines.isEmpty }
        XCTAssertEqual(notes.map { "\($0.date) \($0.payee ?? "")" }, ["2026-03-02 called the bank about the card", "2026-03-03 counted the cash"])
        let logged = try ledger.events(from: 1, limit: 100).filter { $0.type == "TransactionRecorded" }
        XCTAssertEqual(logged.filter { $0.payload["postings"] == .array([]) }.map(\.occurredOn?.description), ["2026-03-02", "2026-03-03"])
        XCTAssertEqual(try balances(), ["assets:checking,USD,995.5", "expenses:food,USD,4.5", "income:salary,USD,-1000"])
        XCTAssertTrue(try ledger.verify().isValid)
        let register = try ledger.register(ReportQuery())
        XCTAssertEqual(register.rows.map { $0.note?.payee ?? $0.entry!.posted.account.rawValue },
                       ["assets:checking", "income:salary", "called the bank about the card", "counted the cash",
                        "expenses:food", "assets:checking"])
        try assertReimportAppendsNothing("empty-transactions.journal")
        // The export keeps the note, and hledger reads it back.
        XCTAssertTrue(try JournalExporter.export(ledger).contains("2026-03-02 called the bank about the card"))
    }

    func testBalancesEqualHledgers() throws {
        try importFixture("empty-transactions.journal")
        try assertBalancesEqualHledger("empty-transactions.journal")
    }
}
