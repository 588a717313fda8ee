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
}
