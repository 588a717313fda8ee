import KakeiboDomain
import KakeiboProjections
import XCTest

final class GoalCalculatorTests: XCTestCase {
    func income(_ date: String, _ cents: Int64) throws -> GoalCalculator.DailyIncome {
        .init(date: try LocalDate(iso: date), amount: Money(minorUnits: cents, currency: .usd))
    }

    func goal(_ position: Int64, _ length: PeriodLength, _ cents: Int64, from: String) throws -> IncomeGoal {
        IncomeGoal(position: position, length: length, amount: Money(minorUnits: cents, currency: .usd),
                   effectiveFrom: try LocalDate(iso: from))
    }

    func testPaceStreakAndRatioInIntegerMath() throws {
        let calculator = GoalCalculator(
            goals: [try goal(1, .weekly, 150_000, from: "2026-11-02")],
            income: [try income("2026-11-02", 160_000), try income("2026-11-09", 100_000), try income("2026-11-16", 150_000),
                     try income("2026-11-18", 10_000), try income("2026-11-22", 99_999)],
            baseCurrency: .usd)
        let report = try calculator.report(asOf: try LocalDate(iso: "2026-11-18"))
        XCTAssertEqual(report.length, .weekly)
        XCTAssertEqual(report.periods.map(\.period.description), ["2026-W45", "2026-W46", "2026-W47"])
        XCTAssertEqual(report.periods.map(\.isMet), [true, false, true])
        XCTAssertEqual(report.streak, 1, "W46 was missed")
        let current = try XCTUnwrap(report.current)
        XCTAssertEqual(current.earned.minorUnits, 160_000, "income after the as-of date does not count yet")
        XCTAssertEqual(current.daysElapsed, 3)
        XCTAssertEqual(current.projected.minorUnits, 160_000 * 7 / 3)
        XCTAssertEqual(current.ratioBasisPoints, 10_666)
        XCTAssertFalse(current.isComplete)
    }

    func testAnUnmetCurrentPeriodDoesNotBreakTheStreakYet() throws {
        let calculator = GoalCalculator(
            goals: [try goal(1, .monthly, 100_000, from: "2026-09-15")],
            income: [try income("2026-09-30", 100_000), try income("2026-10-31", 120_000), try income("2026-11-01", 5_000)],
            baseCurrency: .usd)
        let report = try calculator.report(asOf: try LocalDate(iso: "2026-11-10"))
        XCTAssertEqual(report.periods.map(\.period.description), ["2026-09", "2026-10", "2026-11"])
        XCTAssertEqual(report.streak, 2)
        XCTAssertEqual(report.current?.projected.minorUnits, 5_000 * 30 / 10)
        let later = try calculator.report(asOf: try LocalDate(iso: "2026-12-01"))
        XCTAssertEqual(later.streak, 0, "November ended unmet; December has just begun")
    }

    func testNoGoalMeansNoLengthAndNothingMet() throws {
        let report = try GoalCalculator(goals: [], income: [try income("2026-11-02", 5)], baseCurrency: .usd)
            .report(asOf: try LocalDate(iso: "2026-11-21"))
        XCTAssertNil(report.length)
        XCTAssertEqual(report.periods.count, 1)
        XCTAssertNil(report.current?.goal)
        XCTAssertEqual(report.streak, 0)
    }
}
