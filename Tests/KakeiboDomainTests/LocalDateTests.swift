import XCTest
@testable import KakeiboDomain

final class LocalDateTests: XCTestCase {
    private func date(_ y: Int, _ m: Int, _ d: Int) throws -> LocalDate { try LocalDate(year: y, month: m, day: d) }

    private func error(_ y: Int, _ m: Int, _ d: Int) -> DateError? {
        do { _ = try LocalDate(year: y, month: m, day: d); return nil } catch { return error }
    }

    private func error(_ text: String) -> DateError? {
        do { _ = try LocalDate(iso: text); return nil } catch { return error }
    }

    func testLeapYears() throws {
        XCTAssertEqual(try date(2000, 2, 29).description, "2000-02-29")
        XCTAssertEqual(try date(2024, 2, 29).description, "2024-02-29")
        XCTAssertEqual(error(1900, 2, 29), .outOfRange("1900-02-29 is not a date: February 1900 has 28 days"))
        XCTAssertEqual(error(2026, 2, 30), .outOfRange("2026-02-30 is not a date: February 2026 has 28 days"))
        XCTAssertEqual(error(2024, 2, 30), .outOfRange("2024-02-30 is not a date: February 2024 has 29 days"))
        XCTAssertEqual(error(2026, 4, 31), .outOfRange("2026-04-31 is not a date: April 2026 has 30 days"))
        XCTAssertNotNil(error(2100, 2, 29))
        XCTAssertNotNil(error(2026, 1, 0))
    }

    func testFieldRanges() throws {
        XCTAssertEqual(try date(1, 1, 1).description, "0001-01-01")
        XCTAssertEqual(try date(9999, 12, 31).description, "9999-12-31")
        XCTAssertNotNil(error(0, 1, 1))
        XCTAssertNotNil(error(10_000, 1, 1))
        XCTAssertEqual(error(2026, 13, 1), .outOfRange("month 13 is not a month: use 1 to 12"))
        XCTAssertNotNil(error(2026, 0, 1))
    }

    func testIsoParsing() throws {
        XCTAssertEqual(try LocalDate(iso: "2026-11-02"), try date(2026, 11, 2))
        XCTAssertEqual(try LocalDate(iso: "2026/11/02"), try date(2026, 11, 2))
        XCTAssertEqual(try LocalDate(iso: "2026.11.02"), try date(2026, 11, 2))
        XCTAssertEqual(try LocalDate(iso: "0001-01-01").year, 1)
        for bad in ["2026-11/02", "2026/11-02", "2026-1-02", "26-11-02", " 2026-11-02", "2026-11-02 ",
                    "2026-11-0a", "2026_11_02", "20261102", "", "２０２６-11-02", "+026-11-02", "2026-11-2 "] {
            XCTAssertEqual(error(bad), .invalidFormat(bad), bad)
        }
        XCTAssertEqual(error("2026-13-01"), .outOfRange("month 13 is not a month: use 1 to 12"))
        XCTAssertEqual(error("2026-02-30"), .outOfRange("2026-02-30 is not a date: February 2026 has 28 days"))
        XCTAssertNotNil(error("0000-01-01"))
        XCTAssertEqual(DateError.invalidFormat("x").description, "bad date \"x\": write dates as YYYY-MM-DD")
    }

    func testKnownDaysSinceEpoch() throws {
        XCTAssertEqual(try date(1970, 1, 1).daysSinceEpoch, 0)
        XCTAssertEqual(try date(1969, 12, 31).daysSinceEpoch, -1)
        XCTAssertEqual(try date(2000, 1, 1).daysSinceEpoch, 10957)
        XCTAssertEqual(try date(1900, 1, 1).daysSinceEpoch, -25567)
        XCTAssertEqual(try date(2026, 11, 21).daysSinceEpoch, 20778)
        XCTAssertEqual(try date(2100, 12, 31).daysSinceEpoch, 47846)
        XCTAssertEqual(LocalDate(daysSinceEpoch: 19782), try date(2024, 2, 29))
    }

    func testEveryDayRoundTripsFrom1900To2100() throws {
        var expected = try date(1900, 1, 1).daysSinceEpoch
        var count = 0
        for y in 1900...2100 {
            for m in 1...12 {
                for d in 1...LocalDate.daysIn(year: y, month: m) {
                    let day = try date(y, m, d)
                    XCTAssertEqual(day.daysSinceEpoch, expected)
                    XCTAssertEqual(LocalDate(daysSinceEpoch: expected), day)
                    XCTAssertEqual(try LocalDate(iso: day.description), day)
                    expected += 1
                    count += 1
                }
            }
        }
        XCTAssertEqual(count, 73_414)  // 47846 - (-25567) + 1
        XCTAssertEqual(try date(2100, 12, 31).adding(days: 1), try date(2101, 1, 1))
    }

    func testExtremeYearsRoundTrip() throws {
        for day in [try date(1, 1, 1), try date(9999, 12, 31), try date(400, 2, 29), try date(1600, 3, 1)] {
            XCTAssertEqual(LocalDate(daysSinceEpoch: day.daysSinceEpoch), day)
        }
    }

    func testWeekdays() throws {
        XCTAssertEqual(try date(2026, 11, 21).weekday, 6)  // Saturday
        XCTAssertEqual(try date(1970, 1, 1).weekday, 4)    // Thursday
        XCTAssertEqual(try date(2000, 1, 1).weekday, 6)
        XCTAssertEqual(try date(2024, 2, 29).weekday, 4)
        XCTAssertEqual(try date(1900, 1, 1).weekday, 1)    // Monday, before the epoch
        XCTAssertEqual(try date(1969, 12, 28).weekday, 7)  // Sunday
        XCTAssertEqual(try date(2100, 12, 31).weekday, 5)
    }

    func testAddingDays() throws {
        XCTAssertEqual(try date(2024, 2, 28).adding(days: 1), try date(2024, 2, 29))
        XCTAssertEqual(try date(2023, 2, 28).adding(days: 1), try date(2023, 3, 1))
        XCTAssertEqual(try date(2026, 1, 1).adding(days: -1), try date(2025, 12, 31))
        XCTAssertEqual(try date(2026, 11, 2).adding(days: 0), try date(2026, 11, 2))
    }

    func testAddingMonthsClamps() throws {
        XCTAssertEqual(try date(2026, 1, 31).adding(months: 1), try date(2026, 2, 28))
        XCTAssertEqual(try date(2024, 1, 31).adding(months: 1), try date(2024, 2, 29))
        XCTAssertEqual(try date(2026, 3, 31).adding(months: 1), try date(2026, 4, 30))
        XCTAssertEqual(try date(2026, 3, 31).adding(months: -1), try date(2026, 2, 28))
        XCTAssertEqual(try date(2026, 1, 15).adding(months: -1), try date(2025, 12, 15))
        XCTAssertEqual(try date(2026, 11, 30).adding(months: 14), try date(2028, 1, 30))
        XCTAssertEqual(try date(2026, 1, 31).adding(months: -25), try date(2023, 12, 31))
        XCTAssertEqual(try date(2024, 2, 29).adding(months: 12), try date(2025, 2, 28))
        XCTAssertEqual(try date(2026, 5, 17).adding(months: 0), try date(2026, 5, 17))
    }

    func testFirstOfMonthAndOrdering() throws {
        XCTAssertEqual(try date(2026, 11, 21).firstOfMonth, try date(2026, 11, 1))
        XCTAssertLessThan(try date(2025, 12, 31), try date(2026, 1, 1))
        XCTAssertLessThan(try date(2026, 1, 31), try date(2026, 2, 1))
        XCTAssertLessThan(try date(2026, 2, 1), try date(2026, 2, 2))
        XCTAssertFalse(try date(2026, 2, 2) < date(2026, 2, 2))
    }

    func testUnixMilliseconds() throws {
        XCTAssertEqual(LocalDate(unixMilliseconds: 0, utcOffsetSeconds: 0), try date(1970, 1, 1))
        XCTAssertEqual(LocalDate(unixMilliseconds: -1, utcOffsetSeconds: 0), try date(1969, 12, 31))
        XCTAssertEqual(LocalDate(unixMilliseconds: 0, utcOffsetSeconds: -1), try date(1969, 12, 31))
        XCTAssertEqual(LocalDate(unixMilliseconds: 86_399_999, utcOffsetSeconds: 0), try date(1970, 1, 1))
        XCTAssertEqual(LocalDate(unixMilliseconds: -86_400_000, utcOffsetSeconds: 0), try date(1969, 12, 31))
        XCTAssertEqual(LocalDate(unixMilliseconds: -86_400_001, utcOffsetSeconds: 0), try date(1969, 12, 30))
        // 2023-11-14T22:13:20Z
        let t: Int64 = 1_700_000_000_000
        XCTAssertEqual(LocalDate(unixMilliseconds: t, utcOffsetSeconds: 0), try date(2023, 11, 14))
        XCTAssertEqual(LocalDate(unixMilliseconds: t, utcOffsetSeconds: 7200), try date(2023, 11, 15))
        XCTAssertEqual(LocalDate(unixMilliseconds: t, utcOffsetSeconds: -5 * 3600), try date(2023, 11, 14))
        XCTAssertEqual(LocalDate(unixMilliseconds: t, utcOffsetSeconds: -23 * 3600), try date(2023, 11, 13))
        // 1938-04-24T22:13:20Z, a negative instant
        let old: Int64 = -1_000_000_000_000
        XCTAssertEqual(LocalDate(unixMilliseconds: old, utcOffsetSeconds: 0), try date(1938, 4, 24))
        XCTAssertEqual(LocalDate(unixMilliseconds: old, utcOffsetSeconds: 9 * 3600), try date(1938, 4, 25))
        XCTAssertEqual(LocalDate(unixMilliseconds: old, utcOffsetSeconds: -(22 * 3600 + 13 * 60 + 21)), try date(1938, 4, 23))
        XCTAssertEqual(LocalDate(unixMilliseconds: old - 1, utcOffsetSeconds: -(22 * 3600 + 13 * 60 + 20)), try date(1938, 4, 23))
        XCTAssertEqual(LocalDate(unixMilliseconds: old, utcOffsetSeconds: -(22 * 3600 + 13 * 60 + 20)), try date(1938, 4, 24))
    }
}
