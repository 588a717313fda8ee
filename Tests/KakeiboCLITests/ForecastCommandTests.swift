import Foundation
import XCTest

final class ForecastCommandTests: KakeiboCLITestCase {
    func testForecastAndBacktest() throws {
        try initialisedLedger()
        try ok("category", "add", "rent")
        for month in ["07", "08", "09", "10", "11"] {
            try record("expense", "1450", "--from", "assets:checking", "--category", "rent", "--payee", "Maple Court", "--date", "2026-\(month)-01")
            try record("expense", month == "09" ? "80" : "40", "--from", "assets:checking", "--category", "groceries", "--payee", "Market",
                       "--date", "2026-\(month)-12")
        }
        XCTAssertEqual(try ok("forecast", "--format", "csv").out, """
            category,period,spent,rest,rest_low,rest_high,next,next_low,next_high,recurring
            expenses:groceries,2026-11,40.00,12.00,12.00,24.00,40.00,40.00,80.00,0
            expenses:rent,2026-11,1450.00,0.00,0.00,0.00,1450.00,1450.00,1450.00,1
            """, "as of 2026-11-21: nine of thirty days left; rent recurs on the 1st")
        let json = try ok("forecast", "--format", "json").jsonArray()
        XCTAssertEqual((json[1]["recurring"] as? [[String: Any]])?.first?["expected"] as? [String], ["2026-12-01"])
        XCTAssertEqual(try ok("forecast", "--backtest", "--months", "2").out,
                       "backtest over 2 months, 4 category-months: MAPE 12.50%, 80 % interval coverage 75.00%",
                       "September's groceries (80, forecast 40: 50 % off, outside the interval) is the one miss")
    }

    func testWeeklyForecastsForWeeklyBudgetsOrOnRequestAndAWeeklyBacktest() throws {
        try initialisedLedger()
        try ok("category", "add", "dining")
        let cafes = ["Blue Bottle", "Sushi Zen", "Joe's Pizza"]
        for (index, day) in ["2026-10-07", "2026-10-14", "2026-10-21", "2026-10-28", "2026-11-04", "2026-11-11", "2026-11-18"].enumerated() {
            try record("expense", "20", "--from", "assets:checking", "--category", "dining", "--payee", cafes[index % 3], "--date", day)
        }
        for day in ["2026-09-12", "2026-10-12", "2026-11-12"] {
            try record("expense", "40", "--from", "assets:checking", "--category", "groceries", "--payee", "Market", "--date", day)
        }
        try ok("budget", "set", "dining", "25", "--period", "weekly", "--from", "2026-10-05")
        XCTAssertEqual(try ok("forecast", "--format", "csv").out, """
            category,period,spent,rest,rest_low,rest_high,next,next_low,next_high,recurring
            expenses:dining,2026-W47,20.00,2.85,2.85,2.85,20.00,20.00,20.00,0
            expenses:groceries,2026-11,40.00,0.00,0.00,0.00,40.00,40.00,40.00,1
            """, "dining is budgeted weekly: Sunday is one day of seven left; groceries stay monthly, Market recurring on the 12th")
        XCTAssertEqual(try ok("forecast", "--period", "weekly", "--format", "csv").stdoutLines.last,
                       "expenses:groceries,2026-W47,0.00,0.00,0.00,0.00,0.00,0.00,0.00,1", "the 12th falls in neither this week nor the next")
        XCTAssertTrue(try ok("forecast", "--period", "monthly", "--format", "csv").out.contains("expenses:dining,2026-11,"))
        XCTAssertEqual(try ok("forecast", "--backtest", "--period", "weekly", "--weeks", "3").out,
                       "backtest over 3 weeks, 6 category-weeks: MAPE 25.00%, 80 % interval coverage 100.00%",
                       "dining is exact each week; groceries forecast 0 for the week of the 12th (100 % off, inside its 0–40 interval)")
        let json = try ok("forecast", "--backtest", "--period", "weekly", "--weeks", "3", "--format", "json").jsonObject()
        XCTAssertEqual(json["period"] as? String, "weekly")
        XCTAssertEqual(json["periods"] as? Int, 3)
        let before = try ok("forecast", "--format", "json").out
        XCTAssertEqual(try kakeibo("replay").exitCode, 0)
        XCTAssertEqual(try ok("forecast", "--format", "json").out, before, "a replay gives the same forecasts, byte for byte")
        XCTAssertEqual(try kakeibo("forecast", "--period", "daily").exitCode, 64)
        XCTAssertEqual(try kakeibo("forecast", "--backtest", "--weeks", "0").exitCode, 64)
    }
}
