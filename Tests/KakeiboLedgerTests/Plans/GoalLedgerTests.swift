import KakeiboDomain
import KakeiboLedger
import KakeiboProjections
import XCTest

final class GoalLedgerTests: LedgerTestCase {
    @discardableResult
    func income(_ amount: String, _ date: String) throws -> String {
        try ledger.record(.recordIncome(.init(amount: amount, date: try LocalDate(iso: date), from: "income:salary",
                                              to: "assets:checking"))).transactionID!
    }

    func testGoalProgressFollowsEditsAndVoidsAndSurvivesReplay() throws {
        try ledger.record(.setIncomeGoal(.init(amount: "1500", length: .weekly, from: try LocalDate(iso: "2026-11-02"))))
        try income("1600", "2026-11-03")
        let second = try income("1400", "2026-11-10")
        try income("900", "2026-11-17")
        var report = try ledger.goalReport()
        XCTAssertEqual(report.asOf.description, "2026-11-21")
        XCTAssertEqual(report.periods.map(\.period.description), ["2026-W45", "2026-W46", "2026-W47"])
        XCTAssertEqual(report.periods.map(\.isMet), [true, false, false])
        XCTAssertEqual(report.streak, 0)
        XCTAssertEqual(report.current?.projected.minorUnits, 900_00 * 7 / 6, "six days of seven have passed")

        try ledger.record(.editTransaction(.init(id: second, amount: "1500", reason: "bonus")))
        report = try ledger.goalReport()
        XCTAssertEqual(report.streak, 2, "W45 and W46 met; W47 is still running")
        let json = report.json.canonicalString()
        try ledger.replay()
        XCTAssertEqual(try ledger.goalReport().json.canonicalString(), json)

        try ledger.record(.voidTransaction(id: second, reason: nil))
        XCTAssertEqual(try ledger.goalReport().streak, 0)
    }

    func testALaterGoalOfAnotherLengthTakesOver() throws {
        try ledger.record(.setIncomeGoal(.init(amount: "1500", length: .weekly, from: try LocalDate(iso: "2026-10-01"))))
        try ledger.record(.setIncomeGoal(.init(amount: "6000", length: .monthly, from: try LocalDate(iso: "2026-11-01"))))
        try income("6500", "2026-10-15")
        let report = try ledger.goalReport()
        XCTAssertEqual(report.length, .monthly)
        XCTAssertEqual(report.periods.map(\.period.description), ["2026-10", "2026-11"])
        XCTAssertNil(report.periods[0].goal, "October had a weekly goal, not a monthly one")
        XCTAssertEqual(report.current?.goal?.minorUnits, 6000_00)
    }
}
