import Foundation
import KakeiboDomain
@testable import KakeiboInterop
import KakeiboLedger
import XCTest

/// `(account)` and `[account]`: recorded as postings flagged virtual; `balance` counts them,
/// `balance --real` does not; the real postings of every transaction still sum to zero.
final class VirtualPostingTests: JournalSyntaxTestCase {
    func testVirtualPostingsAreFlaggedAndRealOnesBalance() throws {
        let report = try importFixture("virtual-postings.journal")
        XCTAssertEqual(report.appended, 3)
        XCTAssertEqual(try balances(), ["assets:checking,USD,2920", "assets:pension,USD,150", "budget:available,USD,80",
                                        "budget:food,USD,-80", "budget:savings,USD,300", "expenses:food,USD,80",
                                        "income:salary,USD,-3000"])
        let real = try ledger.balances(real: true).accounts.filter { !$0.amount.isZero }
            .map { "\($0.account),\($0.amount.decimalString)" }
        XCTAssertEqual(real, ["assets:checking,2920.00", "expenses:food,80.00", "income:salary,-3000.00"])
        XCTAssertTrue(try ledger.verify().isValid)
        let payloads = try ledger.events(from: 1, limit: 100).filter { $0.type == "TransactionRecorded" }.map { $0.payload.canonicalString() }
        XCTAssertTrue(payloads[0].contains(#""virtual":"unbalanced""#), payloads[0])
        XCTAssertTrue(payloads[1].contains(#""virtual":"balanced""#), payloads[1])
        try assertReimportAppendsNothing("virtual-postings.journal")
    }

    func testBalancesEqualHledgersWithAndWithoutReal() throws {
        try importFixture("virtual-postings.journal")
        try assertBalancesEqualHledger("virtual-postings.journal")
        let hledger = try Tools.hledger()
        let output = try Tools.run(hledger, ["-f", Tools.fixture("virtual-postings.journal"), "bal", "-N", "-R", "-O", "json"])
        XCTAssertEqual(try HledgerJSON.balances(output.stdout).map(HledgerJSON.normalised),
                       try ledger.balances(real: true).accounts.filter { !$0.amount.isZero }
                           .map { HledgerJSON.normalised("\($0.account),\($0.amount.currency.code),\($0.amount.decimalString)") }.sorted())
    }

    func testBracketedPostingsMustBalanceAmongThemselves() {
        XCTAssertThrowsError(try JournalReader.read(text: "2026-01-01 x\n  a:b  $1\n  c:d\n  [e:f]  $2\n", name: "t.journal")) { error in
            XCTAssertTrue("\(error)".contains("[virtual]"), "\(error)")
        }
    }

    func testAnEventWithoutTheFlagKeepsItsBytesAndOneWithItRoundTrips() throws {
        var posting = Posting(accountID: "acc_1", amount: Money(minorUnits: 500, currency: .usd))
        let plain = LedgerEvent.transactionRecorded(.init(transactionID: "txn_1", date: try LocalDate(iso: "2026-01-01"), payee: nil,
                                                          memo: nil, postings: [posting]))
        XCTAssertFalse(plain.payload.canonicalString().contains("virtual"))
        posting.virtual = .unbalanced
        let flagged = LedgerEvent.transactionRecorded(.init(transactionID: "txn_1", date: try LocalDate(iso: "2026-01-01"), payee: nil,
                                                            memo: nil, postings: [posting]))
        XCTAssertEqual(try LedgerEvent(type: flagged.type, schemaVersion: 1, payload: flagged.payload), flagged)
    }

    func testExportWritesTheBracketsBack() throws {
        try importFixture("virtual-postings.journal")
        let text = try JournalExporter.export(ledger)
        XCTAssertTrue(text.contains("    (budget:savings)  $300.00"), text)
        XCTAssertTrue(text.contains("    [budget:food]  $-80.00"), text)
    }
}
