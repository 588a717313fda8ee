import Foundation
import KakeiboDomain
@testable import KakeiboInterop
import KakeiboLedger
import XCTest

/// `20` and `-722.40`: hledger's empty-symbol commodity, never the ledger's currency.
final class BareAmountTests: JournalSyntaxTestCase {
    func testBareAmountsAreTheirOwnCommodityAtTheLargestPrecision() throws {
        let journal = try JournalReader.read(path: Tools.fixture("bare-amounts.journal"))
        XCTAssertEqual(journal.transactions[0].postings[0].amount, try Money.parse("20", currency: .bare(minorDigits: 2)))
        XCTAssertEqual(journal.commodities.filter { !$0.commodity.isISO }.map(\.commodity), [.bare(minorDigits: 2)])
        XCTAssertEqual(journal.commodities.filter(\.commodity.isISO).map(\.commodity), [.usd], "USD is declared for its style only")
        let report = try importFixture("bare-amounts.journal")
        XCTAssertEqual(report.appended, 3)
        XCTAssertEqual(try balances(), ["assets:cash,,-702.4", "assets:cash,USD,-5", "equity:opening,,-20",
                                        "expenses:food,,722.4", "expenses:food,USD,5"])
        XCTAssertTrue(try ledger.verify().isValid)
        try assertReimportAppendsNothing("bare-amounts.journal")
    }

    func testBalancesEqualHledgers() throws {
        try importFixture("bare-amounts.journal")
        try assertBalancesEqualHledger("bare-amounts.journal")
    }

    func testExportWritesBareAmountsBare() throws {
        try importFixture("bare-amounts.journal")
        let text = try JournalExporter.export(ledger)
        XCTAssertTrue(text.contains("expenses:food  722.40\n"), text)
        XCTAssertFalse(text.contains("722.40 USD"), text)
    }
}
