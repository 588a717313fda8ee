import KakeiboDomain
import KakeiboProjections
import XCTest

/// Issue 13, item 4: a monthly report must not call spending under a weekly budget "unbudgeted",
/// nor a weekly report spending under a monthly one; the trial's setup, to the cent.
final class BudgetLengthMixTests: XCTestCase {
    let categories = try! ["expenses:groceries", "expenses:dining", "expenses:fun"].map {
        BudgetCalculator.Category(accountID: $0, name: try AccountName($0), category: nil)
    }

    func definition(_ account: String, _ cents: Int64?, _ length: PeriodLength, from: String, position: Int64) throws -> BudgetDefinition {
        BudgetDefinition(accountID: account, position: position, effectiveFrom: try LocalDate(iso: from),
                         budget: cents.map { .init(length: length, amount: Money(minorUnits: $0, currency: .usd), rollover: .none) })
    }

    func spend(_ account: String, _ date: String, _ cents: Int64) throws -> BudgetCalculator.DailySpend {
        .init(accountID: account, date: try LocalDate(iso: date), amount: Money(minorUnits: cents, currency: .usd))
    }

    func calculator(extra: [BudgetDefinition] = []) throws -> BudgetCalculator {
        BudgetCalculator(
            categories: categories,
            definitions: [try definition("expenses:groceries", 40_000, .monthly, from: "2026-09-01", position: 1),
                          try definition("expenses:dining", 5_000, .weekly, from: "2026-09-01", position: 2)] + extra,
            spending: [try spend("expenses:groceries", "2026-09-03", 12_000), try spend("expenses:dining", "2026-09-02", 3_000),
                       try spend("expenses:dining", "2026-09-10", 8_000), try spend("expenses:dining", "2026-09-20", 2_000),
                       try spend("expenses:fun", "2026-09-04", 700),
                       try spend("expenses:groceries", "2026-10-05", 5_000), try spend("expenses:groceries", "2026-10-20", 6_000)])
    }

    func testAMonthlyReportShowsWeeklyBudgetedSpendingApartFromUnbudgeted() throws {
        let report = try calculator().report(for: try PlanPeriod(label: "2026-09"))
        XCTAssertEqual(report.totals.map(\.otherLengthSpent), [13_000], "dining's 30 + 80 + 20 has a weekly budget")
        XCTAssertEqual(report.totals.map(\.unbudgetedSpent), [700], "only fun has no budget at all")
        XCTAssertEqual(report.totals.map(\.figures.spent), [12_000])
    }

    func testAWeeklyReportShowsMonthlyBudgetedSpendingApartFromUnbudgeted() throws {
        let report = try calculator().report(for: try PlanPeriod(label: "2026-W36"))
        XCTAssertEqual(report.totals.map(\.otherLengthSpent), [12_000], "groceries has a monthly budget")
        XCTAssertEqual(report.totals.map(\.unbudgetedSpent), [700])
    }

    func testAMonthWhoseBudgetTurnedWeeklyStillCountsItsSpendingAsBudgeted() throws {
        let switched = try calculator(extra: [try definition("expenses:groceries", 10_000, .weekly, from: "2026-10-15", position: 3)])
        let october = try switched.report(for: try PlanPeriod(label: "2026-10"))
        XCTAssertEqual(october.totals.map(\.otherLengthSpent), [11_000], "groceries on Oct 5 and Oct 20 are budgeted, not dropped")
        XCTAssertEqual(october.totals.map(\.unbudgetedSpent), [0])
    }
}
