import KakeiboDomain
import KakeiboLedger
import KakeiboProjections
import XCTest

/// Budgets through the ledger service: refusals, edits and voids of the past, mid-period
/// changes and archived categories all give what a replay gives.
final class BudgetLedgerTests: LedgerTestCase {
    func setBudget(_ category: String, _ amount: String, from: String, _ rollover: Rollover = .none,
                   _ length: PeriodLength = .monthly) throws {
        try ledger.record(.setBudget(.init(category: category, amount: amount, length: length, rollover: rollover,
                                           from: try LocalDate(iso: from))))
    }

    func report(_ label: String) throws -> BudgetReport { try ledger.budgetReport(period: try PlanPeriod(label: label)) }

    func own(_ label: String, _ account: String) throws -> BudgetFigures? {
        try report(label).lines.first { $0.account.rawValue == account }?.own
    }

    /// The report as JSON before and after dropping every projection and replaying the log.
    func assertReplayGivesTheSameReports(_ labels: [String], file: StaticString = #filePath, line: UInt = #line) throws {
        let before = try labels.map { try report($0).json.canonicalString() }
        XCTAssertEqual(try ledger.replayDifferences(), [], file: file, line: line)
        try ledger.replay()
        XCTAssertEqual(try labels.map { try report($0).json.canonicalString() }, before, file: file, line: line)
    }

    func testRefusedBudgetCommandsLeaveTheLogUnchanged() throws {
        try assertRefused(.setBudget(.init(category: "nope", amount: "10"))) { $0 == .unknownCategory("nope") }
        try assertRefused(.setBudget(.init(category: "groceries", amount: "0"))) { $0 == .nonPositiveAmount(field: "budget amount") }
        try assertRefused(.setBudget(.init(category: "groceries", amount: "-5"))) { $0 == .nonPositiveAmount(field: "budget amount") }
        try assertRefused(.setBudget(.init(category: "groceries", amount: "1.234"))) {
            if case .money(.tooManyDecimals) = $0 { return true } else { return false }
        }
        try assertRefused(.setBudget(.init(category: "income:salary", amount: "10"))) { $0 == .notAnExpenseCategory("income:salary") }
        try assertRefused(.setBudget(.init(category: "assets:checking", amount: "10"))) { $0 == .notAnExpenseCategory("assets:checking") }
        try assertRefused(.clearBudget(category: "groceries", from: nil)) { $0 == .noBudget("groceries") }
        try assertRefused(.setIncomeGoal(.init(amount: "0"))) { $0 == .nonPositiveAmount(field: "income goal") }
        try assertRefused(.setBudget(.init(category: "groceries", amount: "10", from: try LocalDate(iso: "0001-01-01")))) {
            if case .date(.outOfRange) = $0 { return true } else { return false }
        }
        try assertRefused(.setIncomeGoal(.init(amount: "10", from: try LocalDate(iso: "9999-12-31")))) {
            if case .date(.outOfRange) = $0 { return true } else { return false }
        }
        XCTAssertThrowsError(try ledger.widgetSnapshots(asOf: try LocalDate(iso: "0001-01-01")), "no trap at the calendar's edge")
        XCTAssertThrowsError(try ledger.goalReport(asOf: try LocalDate(iso: "9999-12-31")))
        XCTAssertThrowsError(try ledger.spendForecasts(asOf: try LocalDate(iso: "0001-01-01")))
        try ledger.record(.archiveCategory(name: "dining"))
        try assertRefused(.setBudget(.init(category: "dining", amount: "10"))) { $0 == .categoryArchived("dining") }
        try setBudget("groceries", "100", from: "2026-11-01")
        try ledger.record(.clearBudget(category: "groceries", from: nil))
        try assertRefused(.clearBudget(category: "groceries", from: nil)) { $0 == .noBudget("groceries") }
    }

    func testAnEditOrVoidOfAPastExpenseChangesEveryLaterCarry() throws {
        try setBudget("groceries", "400", from: "2026-09-01", .positive)
        let september = try expense("300", date: "2026-09-10")
        try expense("350", date: "2026-10-10")
        XCTAssertEqual(try own("2026-11", "expenses:groceries")?.carriedIn, 150_00, "100 from September, 50 from October")

        try ledger.record(.editTransaction(.init(id: september, amount: "390", reason: "receipt said 390")))
        XCTAssertEqual(try own("2026-10", "expenses:groceries")?.carriedIn, 10_00)
        XCTAssertEqual(try own("2026-11", "expenses:groceries")?.carriedIn, 60_00)

        try ledger.record(.editTransaction(.init(id: september, date: try LocalDate(iso: "2026-10-01"), reason: "wrong month")))
        XCTAssertEqual(try own("2026-10", "expenses:groceries")?.carriedIn, 400_00)
        XCTAssertEqual(try own("2026-10", "expenses:groceries")?.spent, 740_00)
        XCTAssertEqual(try own("2026-11", "expenses:groceries")?.carriedIn, 60_00, "400 + 400 − 740")
        try expense("200", date: "2026-10-20")
        XCTAssertEqual(try own("2026-10", "expenses:groceries")?.band, 4)
        XCTAssertEqual(try own("2026-11", "expenses:groceries")?.carriedIn, 0, "overspending is not carried with rollover positive")

        try ledger.record(.voidTransaction(id: september, reason: "duplicate"))
        XCTAssertEqual(try own("2026-11", "expenses:groceries")?.carriedIn, 250_00, "800 − 350 − 200")
        try assertReplayGivesTheSameReports(["2026-09", "2026-10", "2026-11", "2026-12"])
    }

    func testABudgetChangedMidPeriodAppliesToTheWholePeriod() throws {
        try setBudget("dining", "100", from: "2026-10-01", .both)
        try expense("80", category: "dining", date: "2026-11-03")
        try setBudget("dining", "150", from: "2026-11-15", .both)
        let november = try XCTUnwrap(try own("2026-11", "expenses:dining"))
        XCTAssertEqual(november.budgeted, 150_00)
        XCTAssertEqual(november.carriedIn, 100_00)
        XCTAssertEqual(november.available, 170_00)
        XCTAssertEqual(try own("2026-10", "expenses:dining")?.budgeted, 100_00, "October keeps the old amount")
        try assertReplayGivesTheSameReports(["2026-10", "2026-11", "2026-12"])
    }

    /// Archiving keeps the months before and clears the budget from the period containing today (issue 29, N25: left
    /// alone it kept rolling over as `dining (archived) … available 346.00` every month).
    func testAnArchivedCategoryKeepsItsBudgetHistoryAndItsBudgetStops() throws {
        try setBudget("dining", "100", from: "2026-10-01", .positive)
        try expense("30", category: "dining", date: "2026-10-03")
        try ledger.record(.archiveCategory(name: "dining"))   // today is 2026-11-21
        let october = try XCTUnwrap(try report("2026-10").lines.first { $0.account.rawValue == "expenses:dining" })
        XCTAssertTrue(october.isArchived)
        XCTAssertEqual(october.own?.budgeted, 100_00, "October keeps its budget")
        XCTAssertEqual(october.own?.carryOut, 0, "the budget stops in November, so nothing carries")
        XCTAssertNil(try own("2026-11", "expenses:dining"))
        try assertReplayGivesTheSameReports(["2026-10", "2026-11", "2026-12"])
        XCTAssertThrowsError(try ledger.record(.clearBudget(category: "dining", from: try LocalDate(iso: "2026-12-01"))),
                             "nothing left to clear")
    }

    func testWeeklyBudgetsAndTheDefaultPeriodIsThisMonth() throws {
        try setBudget("groceries", "50", from: "2026-11-16", .none, .weekly)
        try expense("45.50", date: "2026-11-21")
        let week = try report("2026-W47")
        XCTAssertEqual(week.lines.first?.own?.spendRatioBasisPoints, 9_100)
        XCTAssertEqual(week.lines.first?.own?.band, 3)
        XCTAssertEqual(try ledger.budgetReport().period.description, "2026-11", "today is 2026-11-21 in Asia/Tokyo")
        XCTAssertEqual(try ledger.budgetReport().lines, [], "no monthly budget")
    }

    func testTheLogRecordsBudgetEventsWithTheirPayloads() throws {
        try setBudget("groceries", "400", from: "2026-11-01", .both)
        let events = try ledger.events()
        let last = try XCTUnwrap(events.last)
        XCTAssertEqual(last.type, "BudgetSet")
        XCTAssertEqual(last.payload["amount"], .int(40_000))
        XCTAssertEqual(last.payload["rollover"], "both")
    }
}
