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

    /// B5: switching groceries from monthly to weekly on Oct 15 keeps October's monthly budget (the
    /// switch takes the month over only from November), and the weekly budget starts in the week of Oct 15.
    func testAMonthWhoseBudgetTurnedWeeklyMidMonthKeepsItsMonthlyBudget() throws {
        let switched = try calculator(extra: [try definition("expenses:groceries", 10_000, .weekly, from: "2026-10-15", position: 3)])
        let october = try switched.report(for: try PlanPeriod(label: "2026-10"))
        let groceries = try XCTUnwrap(october.lines.first { $0.account.rawValue == "expenses:groceries" }, "October keeps its line")
        XCTAssertEqual(groceries.own?.budgeted, 40_000)
        XCTAssertEqual(groceries.own?.spent, 11_000, "Oct 5 and Oct 20, both in the month the monthly budget covered")
        XCTAssertEqual(groceries.own?.carryOut, 0, "no monthly budget follows in November")
        XCTAssertEqual(october.totals.map(\.otherLengthSpent), [0])
        XCTAssertEqual(october.totals.map(\.unbudgetedSpent), [0])
        let november = try switched.report(for: try PlanPeriod(label: "2026-11"))
        XCTAssertNil(november.lines.first { $0.account.rawValue == "expenses:groceries" }, "weekly from November on")

        // The week of Oct 5 was under the monthly budget, and says so; the week of Oct 15 has the weekly one.
        let w41 = try switched.report(for: try PlanPeriod(label: "2026-W41"))
        XCTAssertNil(w41.lines.first { $0.account.rawValue == "expenses:groceries" })
        XCTAssertEqual(w41.totals.map(\.otherLengthSpent), [5_000])
        let w42 = try switched.report(for: try PlanPeriod(label: "2026-W42"))
        XCTAssertEqual(w42.lines.first { $0.account.rawValue == "expenses:groceries" }?.own?.budgeted, 10_000)
        let w43 = try switched.report(for: try PlanPeriod(label: "2026-W43"))
        XCTAssertEqual(w43.lines.first { $0.account.rawValue == "expenses:groceries" }?.own?.spent, 6_000)
    }

    /// The other way round: weekly to monthly on Oct 15 gives October the monthly budget (dated in it),
    /// while the week of Oct 15 keeps its weekly one and the weeks after say "budgeted monthly".
    func testAWeeklyBudgetTurnedMonthlyMidWeekKeepsThatWeek() throws {
        let switched = try calculator(extra: [try definition("expenses:dining", 30_000, .monthly, from: "2026-10-15", position: 3)])
        let w42 = try switched.report(for: try PlanPeriod(label: "2026-W42"))
        XCTAssertEqual(w42.lines.first { $0.account.rawValue == "expenses:dining" }?.own?.budgeted, 5_000)
        let october = try switched.report(for: try PlanPeriod(label: "2026-10"))
        XCTAssertEqual(october.lines.first { $0.account.rawValue == "expenses:dining" }?.own?.budgeted, 30_000)
        let w43 = try switched.report(for: try PlanPeriod(label: "2026-W43"))
        XCTAssertNil(w43.lines.first { $0.account.rawValue == "expenses:dining" })
    }
}
