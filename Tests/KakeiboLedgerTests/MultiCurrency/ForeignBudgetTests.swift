import KakeiboDomain
import KakeiboLedger
import KakeiboProjections
import XCTest

/// Foreign spending against a USD budget (issue 17): at the posting's cost when it has one, at
/// the P price of its date (estimated) otherwise, and not at all without a price (unconverted).
final class ForeignBudgetTests: LedgerTestCase {
    func testAForeignExpenseCountsAgainstAUSDBudgetAtCostThenPriceThenNotAtAll() throws {
        try ledger.record(.setBudget(.init(category: "dining", amount: "200", from: try LocalDate(iso: "2026-01-01"))))
        try ledger.record(.recordPrice(.init(date: try LocalDate(iso: "2026-01-01"), commodity: .eur, value: "1.08", quote: .usd)))
        // 42.50 EUR of dinner paid from the euro account, no cost: the P price of its date, estimated.
        try ledger.record(.captureExpense(.init(amount: "42.50", date: try LocalDate(iso: "2026-01-06"), from: "assets:euro",
                                                to: "dining")))
        // 30.00 EUR on the USD card, converted by the bank at 33.15 USD: its own cost.
        try ledger.record(.recordTransaction(.init(date: try LocalDate(iso: "2026-01-07"), postings: [
            .init(account: "expenses:dining", amount: "30.00", currency: .eur, memo: nil,
                  cost: .init(per: .total, value: "33.15", commodity: .usd)),
            .init(account: "liabilities:visa", amount: "-33.15"),
        ])))
        // 1,000 JPY, with no JPY price at all: unconverted, left in yen.
        try ledger.record(.openAccount(name: "assets:yen", type: .asset, currency: .jpy))
        try ledger.record(.captureExpense(.init(amount: "1000", date: try LocalDate(iso: "2026-01-08"), from: "assets:yen",
                                                to: "dining")))

        let report = try ledger.budgetReport(period: try PlanPeriod(label: "2026-01"))
        let dining = try XCTUnwrap(report.lines.first { $0.account.rawValue == "expenses:dining" }?.own)
        XCTAssertEqual(dining.currency, .usd)
        XCTAssertEqual(dining.spent, 45_90 + 33_15, "42.50 × 1.08 plus the card's 33.15")
        XCTAssertEqual(report.foreignSpending.map { "\($0.basis.rawValue) \($0.original) \($0.counted.map(\.description) ?? "-")" },
                       ["estimated 42.50 EUR 45.90 USD", "cost 30.00 EUR 33.15 USD", "unconverted 1000 JPY -"])
        XCTAssertEqual(report.totals.map { "\($0.figures.currency) \($0.unbudgetedSpent)" }, ["JPY 1000", "USD 0"],
                       "the yen stays in its own commodity")
        let json = report.json.canonicalString()
        XCTAssertTrue(json.contains("\"estimated\":true"), json)

        // A price recorded later re-values the past period: budgets are computed at report time.
        try ledger.record(.recordPrice(.init(date: try LocalDate(iso: "2026-01-01"), commodity: .usd, value: "150", quote: .jpy)))
        let revalued = try ledger.budgetReport(period: try PlanPeriod(label: "2026-01"))
        XCTAssertEqual(revalued.lines.first { $0.account.rawValue == "expenses:dining" }?.own?.spent, 45_90 + 33_15 + 6_67,
                       "1,000 JPY at the reverse of 150 JPY per USD")
    }

    /// accounts.json keeps net worth per currency and adds one valued in the base currency, with
    /// its price date and what no price reaches; a one-currency ledger's snapshot is unchanged.
    func testTheAccountsWidgetGainsAValuedNetWorth() throws {
        try expense("20", date: "2026-01-02")
        let day = try LocalDate(iso: "2026-01-31")
        XCTAssertNil(try ledger.widgetSnapshots(asOf: day).first { $0.fileName == "accounts.json" }?.json["netWorthValued"])
        try ledger.record(.recordIncome(.init(amount: "100", currency: .eur, date: try LocalDate(iso: "2026-01-03"), from: "income:salary",
                                              to: "assets:euro")))
        try ledger.record(.openAccount(name: "assets:yen", type: .asset, currency: .jpy))
        try ledger.record(.recordIncome(.init(amount: "500", currency: .jpy, date: try LocalDate(iso: "2026-01-03"), from: "income:salary",
                                              to: "assets:yen")))
        try ledger.record(.recordPrice(.init(date: try LocalDate(iso: "2026-01-01"), commodity: .eur, value: "1.08", quote: .usd)))
        let accounts = try XCTUnwrap(try ledger.widgetSnapshots(asOf: day).first { $0.fileName == "accounts.json" }?.json)
        XCTAssertEqual(accounts["netWorthValued"], ["commodity": "USD", "amount": "88.00", "priceDate": "2026-01-01",
                                                    "unconverted": [["currency": "JPY", "amount": "500"]]])
        XCTAssertEqual(accounts["netWorth"]?.arrayValue?.count, 3, "per-currency net worth stays")
    }
}
