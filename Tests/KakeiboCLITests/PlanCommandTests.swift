import Foundation
import XCTest

/// `budget set|clear|report` and `goal set|report`, end to end with the built binary.
final class PlanCommandTests: KakeiboCLITestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try initialisedLedger()
    }

    func testBudgetReportInEveryFormat() throws {
        try ok("category", "add", "expenses:food:dining")
        XCTAssertEqual(try ok("budget", "set", "groceries", "400", "--period", "monthly", "--rollover", "positive",
                              "--from", "2026-10-01").out, "budgeted groceries 400 monthly")
        try ok("budget", "set", "expenses:food:dining", "100", "--from", "2026-10-01")
        try record("expense", "350", "--from", "assets:checking", "--category", "groceries", "--date", "2026-10-05")
        try record("expense", "120.25", "--from", "assets:checking", "--category", "groceries", "--date", "2026-11-06")
        try record("expense", "95", "--from", "assets:checking", "--category", "expenses:food:dining", "--date", "2026-11-07")

        XCTAssertEqual(try ok("budget", "report", "--period", "2026-11", "--format", "csv").out, """
            period,category,currency,budgeted,carried_in,spent,available,carry_out,spend_ratio,band,has_budget
            2026-11,expenses:food,USD,100.00,0.00,95.00,5.00,0.00,0.9500,3,false
            2026-11,expenses:food:dining,USD,100.00,0.00,95.00,5.00,0.00,0.9500,3,true
            2026-11,expenses:groceries,USD,400.00,50.00,120.25,329.75,329.75,0.2672,0,true
            """)
        XCTAssertEqual(try ok("budget", "report").out, """
            budgets 2026-11 (2026-11-01 to 2026-11-30)
            category   budgeted  carried in   spent  available    used  band
            ---------  --------  ----------  ------  ---------  ------  ----
            food         100.00        0.00   95.00       5.00  95.00%     3
              dining     100.00        0.00   95.00       5.00  95.00%     3
            groceries    400.00       50.00  120.25     329.75  26.72%     0
            total USD    500.00       50.00  215.25     334.75  39.14%     0
            """, "this month by default (KAKEIBO_NOW=2026-11-21)")
        let json = try ok("budget", "report", "--period", "2026-11", "--format", "json").jsonObject()
        XCTAssertEqual(json["period"] as? String, "2026-11")
        let totals = try XCTUnwrap((json["totals"] as? [[String: Any]])?.first)
        XCTAssertEqual(totals["available"] as? String, "334.75", "amounts are decimal strings")
        XCTAssertEqual(totals["spendRatioBasisPoints"] as? Int, 3914, "215.25 of 400 + 100 + 50 carried in: 39.136… %, rounded (N22)")
        XCTAssertEqual(totals["band"] as? Int, 0)
        let lines = try XCTUnwrap(json["lines"] as? [[String: Any]])
        XCTAssertEqual(lines.map { $0["account"] as? String }, ["expenses:food", "expenses:food:dining", "expenses:groceries"])
        XCTAssertTrue(lines[0]["own"] is NSNull, "food only rolls up dining")

        try ok("budget", "clear", "groceries", "--from", "2026-11-01")
        XCTAssertEqual(try ok("budget", "report", "--period", "2026-10", "--format", "csv").stdoutLines.last,
                       "2026-10,expenses:groceries,USD,400.00,0.00,350.00,50.00,0.00,0.8750,2,true",
                       "cleared from November: October carries nothing out")
    }

    func testWeeklyBudgetsReportByISOWeek() throws {
        try ok("budget", "set", "groceries", "50", "--period", "weekly", "--from", "2026-11-16")
        try record("expense", "60", "--from", "assets:checking", "--category", "groceries", "--date", "2026-11-22")
        XCTAssertEqual(try ok("budget", "report", "--period", "weekly", "--format", "csv").out, """
            period,category,currency,budgeted,carried_in,spent,available,carry_out,spend_ratio,band,has_budget
            2026-W47,expenses:groceries,USD,50.00,0.00,60.00,-10.00,0.00,1.2000,4,true
            """)
        XCTAssertEqual(try ok("budget", "report", "--period", "2026-W48", "--format", "csv").stdoutLines.count, 2)
    }

    func testRefusedPlanCommandsChangeNothing() throws {
        _ = try assertRefused(["budget", "set", "nosuch", "10"], mentioning: ["unknown category \"nosuch\""], exitCode: 1)
        _ = try assertRefused(["budget", "set", "groceries", "0"], mentioning: ["budget amount must be more than zero"], exitCode: 1)
        _ = try assertRefused(["budget", "set", "income:salary", "10"], mentioning: ["not an expense category"], exitCode: 1)
        _ = try assertRefused(["budget", "clear", "groceries"], mentioning: ["has no budget to clear"], exitCode: 1)
        _ = try assertRefused(["budget", "set", "groceries", "10", "--period", "daily"], mentioning: ["daily"], exitCode: 64)
        _ = try assertRefused(["budget", "report", "--period", "2026-13"], mentioning: ["invalid period \"2026-13\""], exitCode: 1)
        _ = try assertRefused(["goal", "set", "-5"], mentioning: ["income goal must be more than zero"], exitCode: 1)
        _ = try assertRefused(["widgets", "export", "--out", sandbox.path("w"), "--as-of", "0001-01-01"],
                              mentioning: ["0001-01-01 is outside the years 1900 to 2999"], exitCode: 1)
        XCTAssertEqual(try ok("budget", "report").stdoutLines, [
            "budgets 2026-11 (2026-11-01 to 2026-11-30)",
            "no monthly budget applies; set one with `kakeibo budget set groceries 400 --period monthly`",
        ])
    }

    func testGoalSetAndReport() throws {
        XCTAssertEqual(try ok("goal", "report").out, "no income goal yet; set one with `kakeibo goal set 1500 --period weekly`")
        XCTAssertEqual(try ok("goal", "set", "1500", "--period", "weekly", "--from", "2026-11-09").out, "income goal 1500 USD weekly")
        try record("income", "1600", "--to", "assets:checking", "--from", "income:salary", "--date", "2026-11-10")
        try record("income", "700", "--to", "assets:checking", "--from", "income:salary", "--date", "2026-11-17")
        XCTAssertEqual(try ok("goal", "report").out, """
            period       goal   earned  reached    pace  met
            --------  -------  -------  -------  ------  ---
            2026-W46  1500.00  1600.00  106.66%          yes
            2026-W47  1500.00   700.00   46.66%  816.66
            streak: 1 week met
            """)
        let json = try ok("goal", "report", "--format", "json").jsonObject()
        XCTAssertEqual(json["streak"] as? Int, 1)
        let current = try XCTUnwrap(json["current"] as? [String: Any])
        XCTAssertEqual(current["projected"] as? String, "816.66", "700 × 7 ÷ 6 days, in integer cents")
        XCTAssertEqual(current["ratio"] as? String, "0.4666")
        XCTAssertEqual(try ok("goal", "report", "--format", "csv", "--as-of", "2026-11-16").out, """
            period,currency,goal,earned,ratio,projected,met
            2026-W46,USD,1500.00,1600.00,1.0666,1600.00,true
            2026-W47,USD,1500.00,0.00,0.0000,0.00,false
            """)
    }
}
