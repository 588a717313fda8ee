import Foundation
import KakeiboDomain
@testable import KakeiboInterop
import KakeiboLedger
import XCTest

/// `~` periodic transactions to expense accounts become budgets; the rest stay refused, with their place.
final class PeriodicTransactionTests: JournalSyntaxTestCase {
    func testExpenseRulesBecomeBudgetsWithAOneLineSummary() throws {
        let report = try importFixture("periodic-budgets.journal")
        XCTAssertEqual(report.appended, 2)
        XCTAssertEqual(report.budgetsSet, ["expenses:food 400.00 monthly from 2026-01-01", "expenses:rent 1200.00 monthly from 2026-01-01",
                                           "expenses:coffee 15.00 weekly from 2026-01-05", "expenses:books 30.00 monthly from 2026-02-01"])
        XCTAssertEqual(report.periodicSummary, "3 periodic transactions: 4 budgets set (expenses:food 400.00 monthly from 2026-01-01; "
                       + "expenses:rent 1200.00 monthly from 2026-01-01; expenses:coffee 15.00 weekly from 2026-01-05; "
                       + "expenses:books 30.00 monthly from 2026-02-01)")
        let budgets = try ledger.events(from: 1).filter { $0.type == "BudgetSet" }
        XCTAssertEqual(budgets.count, 4)
        XCTAssertTrue(try ledger.accounts().filter { $0.category != nil }.map(\.account.name.rawValue).contains("expenses:coffee"))
        let again = try importFixture("periodic-budgets.journal")
        XCTAssertEqual(again.budgetsSet, [])
        XCTAssertEqual(try ledger.events(from: 1).filter { $0.type == "BudgetSet" }.count, 4, "re-import sets no budget again")
    }

    func testBalancesEqualHledgers() throws {
        try importFixture("periodic-budgets.journal")
        try assertBalancesEqualHledger("periodic-budgets.journal")
    }

    func testOtherRulesAreRefusedWithTheirPlaceAndTheLogUnchanged() throws {
        let head = try ledger.head()
        for (text, place) in [("~ monthly\n    assets:checking  $3000\n    income:salary\n", "2:5"),
                              ("~ every 2 weeks\n    expenses:food  $5\n    assets:checking\n", "1:3")] {
            let path = directory.appendingPathComponent("rule.journal").path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            XCTAssertThrowsError(try JournalImporter.importJournal(try JournalReader.read(path: path), into: ledger)) { error in
                XCTAssertTrue("\(error)".contains("rule.journal:\(place):"), "\(error)")
            }
            XCTAssertEqual(try ledger.head(), head)
        }
    }
}
