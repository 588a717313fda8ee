import Foundation
import KakeiboDomain
@testable import KakeiboInterop
import KakeiboLedger
// The summary and warning lines name CLI commands, so they are built by the CLI (issue 30).
@testable import kakeibo
import XCTest

/// Accounts whose type neither the name nor a `type:` tag gives are imported unclassified (one
/// warning for all), kept in their own report section, and typed later with `account retype`.
final class AccountTypeTests: JournalSyntaxTestCase {
    func types() throws -> [String] {
        try ledger.accounts().map { "\($0.account.name.rawValue)=\($0.account.type.rawValue)" }.sorted()
    }

    func testUntypeableAccountsAreImportedUnclassifiedWithOneWarning() throws {
        let report = try importFixture("account-types.journal")
        XCTAssertEqual(report.appended, 3)
        XCTAssertEqual(try types(), ["A1=unclassified", "A2=liability", "me:wallet=asset", "revenues:misc=income",
                                     "خرج:قهوة=unclassified"])
        XCTAssertEqual(report.unclassified.map(\.rawValue), ["A1", "خرج:قهوة"])
        let warning = try XCTUnwrap(report.unclassifiedWarning)
        XCTAssertTrue(warning.contains("2 accounts") && warning.contains("A1, خرج:قهوة") && warning.contains("account retype"), warning)
        try assertReimportAppendsNothing("account-types.journal")
    }

    func testBalancesEqualHledgers() throws {
        try importFixture("account-types.journal")
        try assertBalancesEqualHledger("account-types.journal")
    }

    func testRetypeGivesATypeAndIsRecorded() throws {
        try importFixture("account-types.journal")
        let head = try ledger.head()
        try ledger.record(.retypeAccount(name: "A1", type: .equity))
        XCTAssertEqual(try types().first, "A1=equity")
        XCTAssertEqual(try ledger.events(from: head.position + 1).map(\.type), ["AccountRetyped"])
        XCTAssertThrowsError(try ledger.record(.retypeAccount(name: "A1", type: .equity)))
        XCTAssertThrowsError(try ledger.record(.retypeAccount(name: "A1", type: .unclassified)))
        XCTAssertTrue(try ledger.verify().isValid)
        // Replay folds the retype the same way.
        XCTAssertEqual(try JournalImporter.importJournal(try JournalReader.read(path: Tools.fixture("account-types.journal")), into: ledger).appended, 0)
    }

    func testStatementsPutUnclassifiedAccountsInTheirOwnSection() throws {
        try importFixture("account-types.journal")
        let report = try ledger.periodBalances(ReportQuery(), interval: nil, depth: nil, historical: true)
        let sheet = try FinancialStatement(kind: .balanceSheet, report: report)
        XCTAssertEqual(sheet.sections.map(\.title), ["Assets", "Liabilities", "Equity", "Unclassified"])
        XCTAssertEqual(sheet.sections[3].rows.map(\.account), ["A1", "خرج:قهوة"])
        XCTAssertEqual(sheet.net.first?.amounts.last?.decimalString, "96.00", "net worth leaves unclassified accounts out")
    }
}
