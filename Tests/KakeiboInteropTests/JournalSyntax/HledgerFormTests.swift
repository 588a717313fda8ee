import Foundation
import KakeiboDomain
@testable import KakeiboInterop
import KakeiboLedger
import XCTest

/// Forms hledger accepts that its own example journals use (issue 20's conformance measure).
final class HledgerFormTests: JournalSyntaxTestCase {
    func testTheFormsImportWithHledgersBalances() throws {
        let year = Calendar(identifier: .gregorian).component(.year, from: Date())
        let journal = try JournalReader.read(path: Tools.fixture("hledger-forms.journal"))
        XCTAssertEqual(journal.transactions[1].date, try LocalDate(year: year, month: 1, day: 2), "no year and no Y: this year, as hledger")
        XCTAssertEqual(try JournalReader.read(path: Tools.fixture("hledger-forms.journal"), currentYear: 2031).transactions[1].date,
                       try LocalDate(iso: "2031-01-02"))
        XCTAssertEqual(journal.commodities.first { $0.commodity.code == "BTC" }?.commodity.minorDigits, 8,
                       "stored at the most decimals written, though `BTC 0` came first")
        let mixed = journal.transactions[4].postings.filter { $0.account.rawValue == "equity:opening" }
        XCTAssertEqual(mixed.map(\.amount.description), ["-1 AAA", "-2 BBB"], "one elided posting per commodity")
        let retained = journal.transactions[5].postings.filter { $0.account.rawValue == "income" }
        XCTAssertEqual(retained.map(\.amount.description), ["0.12345678 BTC", "20.00 EUR"], "==* zeroes income and its subaccounts in every commodity")

        let report = try importFixture("hledger-forms.journal")
        XCTAssertEqual(report.appended, 6)
        try assertBalancesEqualHledger("hledger-forms.journal")
        XCTAssertTrue(try ledger.verify().isValid)
        try assertReimportAppendsNothing("hledger-forms.journal")
    }
}
