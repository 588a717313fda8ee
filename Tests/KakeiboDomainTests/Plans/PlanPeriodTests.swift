import KakeiboDomain
import XCTest

final class PlanPeriodTests: XCTestCase {
    func date(_ text: String) throws -> LocalDate { try LocalDate(iso: text) }

    func testISOWeekLabelsFollowTheThursdayRule() throws {
        let cases = [
            ("2026-11-21", "2026-W47", "2026-11-16"), ("2026-11-16", "2026-W47", "2026-11-16"), ("2026-11-22", "2026-W47", "2026-11-16"),
            ("2020-12-31", "2020-W53", "2020-12-28"), ("2021-01-03", "2020-W53", "2020-12-28"), ("2021-01-04", "2021-W01", "2021-01-04"),
            ("2024-12-30", "2025-W01", "2024-12-30"), ("2026-01-01", "2026-W01", "2025-12-29"), ("2026-12-31", "2026-W53", "2026-12-28"),
        ]
        for (day, label, monday) in cases {
            let period = PeriodLength.weekly.period(containing: try date(day))
            XCTAssertEqual(period.description, label, day)
            XCTAssertEqual(period.start.description, monday, day)
            XCTAssertEqual(period.end, period.start.adding(days: 6), day)
            XCTAssertEqual(try PlanPeriod(label: label), period, label)
        }
    }

    func testEveryDayOfFourYearsLiesInOneWeekAndOneMonthThatReadBackFromTheirLabels() throws {
        var day = try date("2023-12-25")
        var previousWeek: PlanPeriod?
        while day < (try date("2028-01-10")) {
            for length in PeriodLength.allCases {
                let period = length.period(containing: day)
                XCTAssertTrue(period.contains(day))
                XCTAssertFalse(period.next.contains(day))
                XCTAssertFalse(period.previous.contains(day))
                XCTAssertEqual(period.next.previous, period)
                XCTAssertEqual(period.next.start, period.end.adding(days: 1))
                XCTAssertEqual(try PlanPeriod(label: period.description), period, "\(day)")
            }
            let week = PeriodLength.weekly.period(containing: day)
            if let previousWeek, previousWeek != week {
                XCTAssertEqual(previousWeek.next, week)
                XCTAssertEqual(week.start.weekday, 1, "weeks start on Monday")
            }
            previousWeek = week
            day = day.adding(days: 1)
        }
    }

    func testMonthsHaveTheirCalendarLength() throws {
        XCTAssertEqual(try PlanPeriod(label: "2028-02").dayCount, 29)
        XCTAssertEqual(try PlanPeriod(label: "2026-02").end.description, "2026-02-28")
        XCTAssertEqual(try PlanPeriod(label: "2026-12").next.description, "2027-01")
        XCTAssertEqual(PeriodLength.monthly.period(containing: try date("2026-11-21")).description, "2026-11")
    }

    func testMalformedLabelsAreRefused() {
        for text in ["2026-13", "2026-00", "2026-W54", "2025-W53", "2026-W00", "26-11", "2026-11-01", "2026/11", "", "2026-W5", "2026-X47", "0001-01", "1899-12", "3000-01", "9999-W52"] {
            XCTAssertThrowsError(try PlanPeriod(label: text), text) { error in
                XCTAssertEqual(error as? LedgerError, .invalidPeriod(text))
            }
        }
        XCTAssertEqual(try PlanPeriod(label: "2026-w47").description, "2026-W47")
    }

    func testRolloverCarriesWhatItSays() {
        XCTAssertEqual(Rollover.none.carryOut(of: 500), 0)
        XCTAssertEqual(Rollover.none.carryOut(of: -500), 0)
        XCTAssertEqual(Rollover.positive.carryOut(of: 500), 500)
        XCTAssertEqual(Rollover.positive.carryOut(of: -500), 0)
        XCTAssertEqual(Rollover.both.carryOut(of: -500), -500)
    }

    func testBasisPointsAreExactIntegerMath() {
        XCTAssertEqual(BasisPoints.ratio(1, 3), 3333)
        XCTAssertEqual(BasisPoints.ratio(2, 3), 6666, "truncated, never rounded up past a band edge")
        XCTAssertEqual(BasisPoints.ratio(-1, 4), -2500)
        XCTAssertEqual(BasisPoints.rounded(7, 11), 6364, "63.64 %, rounded half to even for display (N22)")
        XCTAssertEqual(BasisPoints.rounded(2, 3), 6667)
        XCTAssertEqual(BasisPoints.rounded(-2, 3), -6667)
        XCTAssertEqual(BasisPoints.rounded(1, 20_000), 0, "0.5 bp: half to even is 0")
        XCTAssertEqual(BasisPoints.rounded(3, 20_000), 2, "1.5 bp: half to even is 2")
        XCTAssertEqual(BasisPoints.rounded(5, 40_000), 1, "1.25 bp rounds down")
        XCTAssertEqual(BasisPoints.rounded(5, 0), nil)
        XCTAssertEqual(BasisPoints.ratio(5, 0), nil)
        XCTAssertEqual(BasisPoints.ratio(5, -1), nil)
        XCTAssertEqual(BasisPoints.ratio(.max, 1), 1_000_000_000_000, "capped instead of overflowing")
        XCTAssertEqual(BasisPoints.ratio(.max, .max), 10_000)
        XCTAssertEqual(BasisPoints.decimalString(4500), "0.4500")
        XCTAssertEqual(BasisPoints.decimalString(10_666), "1.0666")
        XCTAssertEqual(BasisPoints.decimalString(-125), "-0.0125")
        XCTAssertEqual(BasisPoints.decimalString(0), "0.0000")
    }

    func testInForcePicksTheLastRecordedDefinitionDatedByThePeriodEnd() throws {
        let usd = Currency.usd
        func set(_ position: Int64, _ from: String, _ cents: Int64?) throws -> BudgetDefinition {
            BudgetDefinition(accountID: "a", position: position, effectiveFrom: try date(from),
                             budget: cents.map { .init(length: .monthly, amount: Money(minorUnits: $0, currency: usd), rollover: .none) })
        }
        let definitions = [try set(1, "2026-10-01", 100), try set(2, "2026-11-15", 200), try set(3, "2026-10-20", 300),
                           try set(4, "2027-01-01", nil)]
        func amount(_ label: String) throws -> Int64? { definitions.inForce(for: try PlanPeriod(label: label))?.budget?.amount.minorUnits }
        XCTAssertNil(try amount("2026-09"))
        XCTAssertEqual(try amount("2026-10"), 300, "recorded later, dated within October: the whole month")
        XCTAssertEqual(try amount("2026-11"), 300, "the later record wins over the earlier one dated in November")
        XCTAssertEqual(try amount("2026-12"), 300)
        XCTAssertNil(try amount("2027-01"), "cleared")
    }
}
