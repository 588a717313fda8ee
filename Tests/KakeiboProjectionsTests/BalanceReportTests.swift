import KakeiboDomain
import KakeiboProjections
import XCTest

final class BalanceReportTests: XCTestCase {
    func balance(_ name: String, _ type: AccountType, _ cents: Int64, _ currency: Currency = .usd) throws -> AccountBalance {
        AccountBalance(account: try AccountName(name), type: type, amount: Money(minorUnits: cents, currency: currency))
    }

    func testParentsRollUpTheirChildren() throws {
        let report = try BalanceReport(balances: [
            try balance("expenses:food:groceries", .expense, 1250),
            try balance("expenses:food", .expense, 100),
            try balance("expenses:rent", .expense, 145_000),
            try balance("assets:checking", .asset, -146_350),
        ])
        XCTAssertEqual(report.lines.map { "\($0.name) \($0.depth) \($0.total.decimalString) \($0.own?.decimalString ?? "-")" }, [
            "assets 0 -1463.50 -", "assets:checking 1 -1463.50 -1463.50",
            "expenses 0 1463.50 -", "expenses:food 1 13.50 1.00", "expenses:food:groceries 2 12.50 12.50",
            "expenses:rent 1 1450.00 1450.00",
        ])
        XCTAssertEqual(report.totals, [Money(minorUnits: 0, currency: .usd)])
    }

    func testChildrenSortRightAfterTheirParent() throws {
        let report = try BalanceReport(balances: [
            try balance("a b", .asset, 1), try balance("a:z", .asset, 2), try balance("a", .asset, 3), try balance("a-c", .asset, -6),
        ])
        XCTAssertEqual(report.lines.map(\.name), ["a", "a:z", "a b", "a-c"])
        XCTAssertEqual(report.accounts.map(\.account.rawValue), ["a", "a b", "a-c", "a:z"])
    }

    func testCurrenciesStaySeparateAndZeroBalancesAreDropped() throws {
        let report = try BalanceReport(balances: [
            try balance("assets:wallet", .asset, 500, try Currency(code: "JPY")),
            try balance("assets:wallet", .asset, 250),
            try balance("assets:empty", .asset, 0),
        ])
        XCTAssertEqual(report.accounts.map(\.amount.description), ["500 JPY", "2.50 USD"])
        XCTAssertEqual(report.totals.map(\.description), ["500 JPY", "2.50 USD"])
    }

    func testRollUpOverflowIsAnErrorNotAWrap() throws {
        XCTAssertThrowsError(try BalanceReport(balances: [
            try balance("assets:a", .asset, .max), try balance("assets:b", .asset, 1),
        ]))
    }
}
