import Foundation
import KakeiboDomain
@testable import KakeiboInterop
import KakeiboLedger
// The summary and warning lines name CLI commands, so they are built by the CLI (issue 30).
@testable import kakeibo
import XCTest

/// `~` periodic transactions: to expense accounts they become budgets; the rest are kept as
/// forecast rules that `forecast` uses (issue 20 item 6).
final class PeriodicTransactionTests: JournalSyntaxTestCase {
    func testExpenseRulesBecomeBudgetsWithAOneLineSummary() throws {
        let report = try importFixture("periodic-budgets.journal")
        XCTAssertEqual(report.appended, 2)
        XCTAssertEqual(report.budgetsSet, ["expenses:food 400.00 monthly from 2026-01-01", "expenses:rent 1200.00 monthly from 2026-01-01",
                                           "expenses:coffee 15.00 weekly from 2026-01-05", "expenses:books 30.00 monthly from 2026-02-01"])
        XCTAssertEqual(report.periodicSummary, "3 periodic transactions: 4 budgets set (expenses:food 400.00 monthly from 2026-01-01; "
                       + "expenses:rent 1200.00 monthly from 2026-01-01; expenses:coffee 15.00 weekly from 2026-01-05; "
                       + "expenses:books 30.00 monthly from 2026-02-01)")
        let budgets = try ledger.events(from: 1).filter { $0.type == "BudgetSet" }
        XCTAssertEqual(budgets.count, 4)
        XCTAssertTrue(try ledger.accounts().filter { $0.category != nil }.map(\.account.name.rawValue).contains("expenses:coffee"))
        let again = try importFixture("periodic-budgets.journal")
        XCTAssertEqual(again.budgetsSet, [])
        XCTAssertEqual(try ledger.events(from: 1).filter { $0.type == "BudgetSet" }.count, 4, "re-import sets no budget again")
        XCTAssertEqual(try ledger.forecastRules(), [])
    }

    func testBalancesEqualHledgers() throws {
        try importFixture("periodic-budgets.journal")
        try assertBalancesEqualHledger("periodic-budgets.journal")
    }

    func testOtherRulesAreKeptAsForecastRulesWithTheSummary() throws {
        let report = try importFixture("forecast-rules.journal")
        XCTAssertEqual(report.appended, 2)
        XCTAssertEqual(report.budgetsSet, ["expenses:food 400.00 monthly from 2026-01-01"])
        XCTAssertEqual(report.forecastRulesKept, ["~ monthly from 2026-01: assets:checking, income:salary",
                                                  "~ every Dec 20th from 2026: expenses:gifts, assets:checking",
                                                  "~ every 2 weeks from 2026-01-05: assets:savings, assets:checking",
                                                  "~ 2026-07-01: expenses:travel, assets:checking"])
        XCTAssertEqual(report.periodicSummary, "5 periodic transactions: 1 budget set (expenses:food 400.00 monthly from 2026-01-01); "
                       + "4 kept as forecast rules for `kakeibo forecast` (" + report.forecastRulesKept.joined(separator: "; ") + ")")
        let rules = try ledger.forecastRules()
        XCTAssertEqual(rules.map(\.recurrence.text), ["monthly from 2026-01", "every Dec 20th from 2026", "every 2 weeks from 2026-01-05", "2026-07-01"])
        XCTAssertEqual(rules[1].recurrence, RecurrenceRule(unit: .year, day: 20, month: 12, start: try LocalDate(iso: "2026-01-01"),
                                                           text: "every Dec 20th from 2026"))
        XCTAssertEqual(try ledger.events(from: 1).filter { $0.type == "ForecastRuleSet" }.count, 4)

        // What forecast shows for December: salary on the 1st, savings every other Monday, gifts on the 20th.
        let december = try ledger.plannedTransactions(from: try LocalDate(iso: "2026-12-01"), through: try LocalDate(iso: "2026-12-31"))
        XCTAssertEqual(december.map { "\($0.date) \($0.description ?? "")" },
                       ["2026-12-01 salary", "2026-12-07 savings", "2026-12-20 gifts", "2026-12-21 savings"])
        XCTAssertEqual(december[0].postings.map { "\($0.account) \($0.amount.decimalString) \($0.amount.currency.code)" },
                       ["assets:checking 3000.00 USD", "income:salary -3000.00 USD"])
        XCTAssertEqual(december[2].postings.map { "\($0.account) \($0.amount.decimalString)" },
                       ["expenses:gifts 200.00", "assets:checking -200.00"])
        let july = try ledger.plannedTransactions(from: try LocalDate(iso: "2026-07-01"), through: try LocalDate(iso: "2026-07-01"))
        XCTAssertEqual(july.map { "\($0.date) \($0.description ?? "")" }, ["2026-07-01 salary", "2026-07-01 trip"])
        XCTAssertEqual(july[1].postings.map { "\($0.account) \($0.amount.decimalString) \($0.amount.currency.code)" },
                       ["expenses:travel 1200.00 EUR", "assets:checking -1200.00 EUR"])

        // Dates without a year are the `Y` year; balances are hledger's, which leaves `~` rules out.
        XCTAssertEqual(try JournalReader.read(path: Tools.fixture("forecast-rules.journal")).transactions.map(\.date.description),
                       ["2026-01-02", "2026-01-05"])
        try assertBalancesEqualHledger("forecast-rules.journal")

        // Re-importing sets no budget and keeps no rule again.
        let head = try ledger.head()
        let again = try importFixture("forecast-rules.journal")
        XCTAssertEqual(again.forecastRulesKept, [])
        XCTAssertEqual(again.periodicSummary, "5 periodic transactions: budgets and forecast rules already set")
        XCTAssertEqual(try ledger.head(), head)
        XCTAssertTrue(try ledger.verify().isValid)
    }

    func testPeriodExpressionsAsHledgerReadsThem() throws {
        func rule(_ text: String) throws -> RecurrenceRule {
            try JournalReader.recurrence(text, at: SourceLocation(file: "t.journal", line: 1, column: 3), defaultYear: 2026)
        }
        func dates(_ text: String, _ from: String, _ through: String) throws -> [String] {
            try rule(text).occurrences(from: try LocalDate(iso: from), through: try LocalDate(iso: through)).map(\.description)
        }
        XCTAssertEqual(try dates("monthly in 2020", "2019-11-01", "2021-02-01"), (1...12).map { String(format: "2020-%02d-01", $0) })
        XCTAssertEqual(try dates("every 60 days from 2017/01/01 to 2017/05/30", "2017-01-01", "2017-12-31"),
                       ["2017-01-01", "2017-03-02", "2017-05-01"])
        XCTAssertEqual(try dates("every 15th Aug", "2025-01-01", "2026-12-31"), ["2025-08-15", "2026-08-15"])
        XCTAssertEqual(try dates("every 1st day of month from 2017-01-01", "2017-01-01", "2017-03-31"), ["2017-01-01", "2017-02-01", "2017-03-01"])
        XCTAssertEqual(try dates("every 31st day of month", "2026-01-01", "2026-03-31"), ["2026-01-31", "2026-02-28", "2026-03-31"])
        XCTAssertEqual(try dates("weekly", "2026-11-18", "2026-11-30"), ["2026-11-23", "2026-11-30"], "weeks start on Mondays")
        XCTAssertEqual(try dates("quarterly", "2026-02-01", "2026-12-31"), ["2026-04-01", "2026-07-01", "2026-10-01"])
        XCTAssertEqual(try dates("2014/11/17", "2014-01-01", "2014-12-31"), ["2014-11-17"])
        XCTAssertEqual(try dates("2020", "2020-01-01", "2020-12-31"), ["2020-01-01"])
        XCTAssertEqual(try dates("every Dec 20th from 2014", "2013-01-01", "2015-12-31"), ["2014-12-20", "2015-12-20"])
        XCTAssertEqual(try dates("monthly from 2021 to 2023", "2022-12-01", "2023-02-01"), ["2022-12-01"])
        XCTAssertEqual(try dates("biweekly from 2026-01-05", "2026-01-01", "2026-01-31"), ["2026-01-05", "2026-01-19"])
        XCTAssertEqual(try dates("9999-01-01", "2026-01-01", "2026-12-31"), [])
        XCTAssertEqual(try rule("monthly from 2026-01").length(), .monthly)

        for (text, column) in [("every blue moon", 3), ("monthly from 2026-01 to 2025-01", 3), ("fortnightly since", 3)] {
            XCTAssertThrowsError(try rule(text), text) { error in
                XCTAssertTrue("\(error)".hasPrefix("t.journal:1:\(column): "), "\(error)")
            }
        }
    }

    func testUnreadablePeriodsAreRefusedWithTheirPlaceAndTheLogUnchanged() throws {
        let head = try ledger.head()
        for (text, place) in [("~ every blue moon\n    assets:checking  $3000\n    income:salary\n", "1:3"),
                              ("~ monthly\n    expenses:food  $5 = $5\n    assets:checking\n", "2:5")] {
            let path = directory.appendingPathComponent("rule.journal").path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            XCTAssertThrowsError(try JournalImporter.importJournal(try JournalReader.read(path: path), into: ledger)) { error in
                XCTAssertTrue("\(error)".contains("rule.journal:\(place):"), "\(error)")
            }
            XCTAssertEqual(try ledger.head(), head)
        }
    }
}

private extension RecurrenceRule {
    /// What the reader makes a budget of: monthly or weekly, no end, no anchoring day.
    func length() -> PeriodLength? {
        end == nil && count == 1 && month == nil && (day ?? 1) == 1 ? (unit == .month ? .monthly : unit == .week && day == nil ? .weekly : nil) : nil
    }
}
