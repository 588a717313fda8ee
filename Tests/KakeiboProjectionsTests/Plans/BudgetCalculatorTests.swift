import KakeiboDomain
import KakeiboProjections
import XCTest

final class BudgetCalculatorTests: XCTestCase {
    let categories = try! ["expenses:food", "expenses:food:groceries", "expenses:food:dining", "expenses:fun", "expenses:rent"].map {
        BudgetCalculator.Category(accountID: $0, name: try AccountName($0), category: nil)
    }
    var position: Int64 = 0

    func budget(_ account: String, _ cents: Int64?, from: String, _ rollover: Rollover = .none,
                _ length: PeriodLength = .monthly) throws -> BudgetDefinition {
        position += 1
        return BudgetDefinition(accountID: account, position: position, effectiveFrom: try LocalDate(iso: from),
                                budget: cents.map { .init(length: length, amount: Money(minorUnits: $0, currency: .usd), rollover: rollover) })
    }

    func spend(_ account: String, _ date: String, _ cents: Int64) throws -> BudgetCalculator.DailySpend {
        .init(accountID: account, date: try LocalDate(iso: date), amount: Money(minorUnits: cents, currency: .usd))
    }

    func line(_ report: BudgetReport, _ account: String) -> BudgetReport.Line? {
        report.lines.first { $0.account.rawValue == account }
    }

    func testBandsAtTheirExactEdges() throws {
        let cases: [(Int64, Int)] = [(0, 0), (4_999, 0), (5_000, 1), (7_499, 1), (7_500, 2), (8_999, 2), (9_000, 3),
                                     (10_000, 3), (10_001, 4), (-500, 0)]
        for (spent, band) in cases {
            var figures = BudgetFigures(currency: .usd)
            figures.budgeted = 10_000
            figures.spent = spent
            XCTAssertEqual(figures.band, band, "spent \(spent) of 10000")
        }
        var empty = BudgetFigures(currency: .usd)
        XCTAssertEqual(empty.band, 0, "nothing budgeted, nothing spent")
        empty.spent = 1
        XCTAssertEqual(empty.band, 4, "anything spent against nothing is over")
        XCTAssertNil(empty.spendRatioBasisPoints)
        var third = BudgetFigures(currency: .usd)
        third.budgeted = 3
        third.spent = 2
        XCTAssertEqual(third.spendRatioBasisPoints, 6667, "shown rounded half to even (N22)")
        XCTAssertEqual(third.band, 1)
        var edge = BudgetFigures(currency: .usd)
        edge.budgeted = 100_000
        edge.spent = 74_999
        XCTAssertEqual(edge.spendRatioBasisPoints, 7500, "74.999 % is shown as 75.00 %")
        XCTAssertEqual(edge.band, 1, "but the band edge is only crossed at 75 % itself")
        var bar = BudgetFigures(currency: .usd)
        bar.budgeted = 100_000
        bar.spent = 12_345_678
        XCTAssertEqual(bar.spendRatioBasisPoints, 1_234_568, "123.45678 is 12345.68 %, not the truncated 12345.67 %")
    }

    func testSpendingCountsOnceUnderItsNearestBudgetedCategoryAndParentsRollUp() throws {
        let calculator = BudgetCalculator(
            categories: categories,
            definitions: [try budget("expenses:food", 50_000, from: "2026-11-01"),
                          try budget("expenses:food:groceries", 30_000, from: "2026-11-01")],
            spending: [try spend("expenses:food:groceries", "2026-11-02", 12_000), try spend("expenses:food:dining", "2026-11-03", 4_000),
                       try spend("expenses:food", "2026-11-04", 1_000), try spend("expenses:rent", "2026-11-01", 150_000),
                       try spend("expenses:food:groceries", "2026-11-05", -2_000), try spend("expenses:food:groceries", "2026-12-01", 9_999)])
        let report = try calculator.report(for: try PlanPeriod(label: "2026-11"))
        XCTAssertEqual(report.lines.map(\.account.rawValue), ["expenses:food", "expenses:food:groceries"])
        let groceries = try XCTUnwrap(line(report, "expenses:food:groceries"))
        XCTAssertEqual(groceries.own?.spent, 10_000, "expenses minus refunds, within the month only")
        XCTAssertEqual(groceries.total, groceries.own)
        let food = try XCTUnwrap(line(report, "expenses:food"))
        XCTAssertEqual(food.own?.spent, 5_000, "dining has no budget: it counts under food, groceries does not")
        XCTAssertEqual(food.total.spent, 15_000)
        XCTAssertEqual(food.total.budgeted, 80_000)
        XCTAssertEqual(food.depth, 0)
        XCTAssertEqual(groceries.depth, 1)
        XCTAssertEqual(report.totals.count, 1)
        XCTAssertEqual(report.totals[0].figures.spent, 15_000)
        XCTAssertEqual(report.totals[0].figures.budgeted, 80_000)
        XCTAssertEqual(report.totals[0].unbudgetedSpent, 150_000, "rent has no budget")
    }

    func testRolloverWalksForwardAndAClearForfeitsTheCarry() throws {
        let calculator = BudgetCalculator(
            categories: categories,
            definitions: [try budget("expenses:fun", 10_000, from: "2026-09-10", .both),
                          try budget("expenses:rent", 100_000, from: "2026-09-01", .positive),
                          try budget("expenses:rent", nil, from: "2026-11-30")],
            spending: [try spend("expenses:fun", "2026-09-03", 15_000), try spend("expenses:fun", "2026-10-03", 2_000),
                       try spend("expenses:rent", "2026-09-01", 90_000), try spend("expenses:rent", "2026-10-01", 95_000)])
        let reports = try calculator.reports(through: try PlanPeriod(label: "2026-12"))
        XCTAssertEqual(reports.map(\.period.description), ["2026-09", "2026-10", "2026-11", "2026-12"])
        let fun = reports.map { line($0, "expenses:fun")!.own! }
        XCTAssertEqual(fun.map(\.carriedIn), [0, -5_000, 3_000, 13_000], "overspending carries too")
        XCTAssertEqual(fun.map(\.available), [-5_000, 3_000, 13_000, 23_000])
        XCTAssertEqual(fun[0].band, 4)
        let rent = reports.prefix(2).map { line($0, "expenses:rent")!.own! }
        XCTAssertEqual(rent.map(\.carriedIn), [0, 10_000])
        XCTAssertEqual(rent[0].carryOut, 10_000, "a period's carry-out is the next one's carry-in")
        XCTAssertEqual(rent[1].available, 15_000)
        XCTAssertEqual(rent[1].carryOut, 0, "the clear dated 2026-11-30 stops November's budget, so October's carry is forfeited")
        XCTAssertNil(line(reports[2], "expenses:rent"), "a clear applies to the whole period it is dated in")
        XCTAssertNil(line(reports[3], "expenses:rent"))
    }
}
