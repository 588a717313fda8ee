import KakeiboDomain
import KakeiboProjections
import XCTest

/// Forecasts and backtests by ISO week, for categories budgeted weekly.
final class WeeklySpendForecasterTests: XCTestCase {
    let cafes = ["Blue Bottle", "Sushi Zen", "Joe's Pizza"]   // each every third week: not a recurring payment

    /// Thirteen complete weeks from Monday 2026-08-17, a gym pass every Monday, coffee every Wednesday.
    func history(coffee: (Int) -> Int64) throws -> [SpendForecaster.Entry] {
        let monday = try LocalDate(iso: "2026-08-17")
        var entries: [SpendForecaster.Entry] = []
        for week in 0..<14 {
            let start = monday.adding(days: 7 * week)
            entries.append(.init(accountID: "gym", date: start, payee: "CITY GYM WEEKLY", amount: 1_500))
            if week < 13 { entries.append(.init(accountID: "dining", date: start.adding(days: 2), payee: cafes[week % 3], amount: coffee(week))) }
        }
        return entries
    }

    func testTheRestOfTheWeekAndTheNextFromThirteenWeeks() throws {
        var entries = try history { 2_000 + 100 * Int64($0) }
        entries.append(.init(accountID: "dining", date: try LocalDate(iso: "2026-11-17"), payee: "Corner Cafe", amount: 1_000))
        let forecasts = SpendForecaster(entries: entries, currency: .usd).forecast(asOf: try LocalDate(iso: "2026-11-20"), length: .weekly)
        XCTAssertEqual(forecasts.map(\.accountID), ["dining", "gym"])

        let dining = forecasts[0]
        XCTAssertEqual(dining.period.description, "2026-W47")
        XCTAssertEqual(dining.monthsOfHistory, 13, "thirteen complete weeks")
        XCTAssertTrue(dining.recurring.isEmpty)
        // Weekly totals 2000…3200: nearest ranks over indexes 0…12 give 6 (2600), 1 (2100) and 11 (3100).
        XCTAssertEqual(dining.nextPeriod, .init(point: 2_600, low: 2_100, high: 3_100))
        XCTAssertEqual(dining.restOfPeriod.point, 2_600 * 2 / 7, "Saturday and Sunday are left of seven days")
        XCTAssertEqual(dining.spentSoFar, 1_000)

        let gym = forecasts[1]
        XCTAssertEqual(gym.recurring.first?.intervalDays, 7)
        XCTAssertEqual(gym.recurring.first?.expected.map(\.description), ["2026-11-23"], "weekly keeps its weekday")
        XCTAssertEqual(gym.restOfPeriod, .init(point: 0, low: 0, high: 0), "this Monday's pass is paid")
        XCTAssertEqual(gym.nextPeriod, .init(point: 1_500, low: 1_500, high: 1_500))
    }

    func testWeeklyBacktestComparesEachWeekWithWhatFollowedAndIsDeterministic() throws {
        // Coffee is 20.00 a week, except 40.00 in the week of 2026-11-02 (week 11).
        let entries = try history { $0 == 11 ? 4_000 : 2_000 }
        let forecaster = SpendForecaster(entries: entries, currency: .usd)
        let asOf = try LocalDate(iso: "2026-11-20")
        let result = forecaster.backtest(asOf: asOf, periods: 4, length: .weekly)
        XCTAssertEqual(result.comparisons, 8, "two categories over the weeks of 10-19, 10-26, 11-02 and 11-09")
        XCTAssertEqual(result.meanAbsolutePercentageErrorBasisPoints, 5_000 / 8, "one 50 % miss (the 40.00 week) in eight")
        XCTAssertEqual(result.intervalCoverageBasisPoints, 8_750, "and it fell outside the interval")
        XCTAssertEqual(SpendForecaster(entries: entries.reversed(), currency: .usd).backtest(asOf: asOf, periods: 4, length: .weekly), result,
                       "the order entries arrive in changes nothing")
        XCTAssertEqual(forecaster.backtest(asOf: asOf, months: 2), forecaster.backtest(asOf: asOf, periods: 2, length: .monthly),
                       "the monthly backtest is the same walk by months")
    }
}
