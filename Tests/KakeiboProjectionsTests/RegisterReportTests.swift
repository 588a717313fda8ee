import KakeiboDomain
import KakeiboProjections
import XCTest

final class RegisterReportTests: XCTestCase {
    func posted(_ date: String, _ position: Int64, _ cents: Int64, _ currency: Currency = .usd) throws -> RegisterReport.Posted {
        RegisterReport.Posted(date: try LocalDate(iso: date), transactionID: "t\(position)", firstPosition: position, line: 0,
                              payee: nil, account: try AccountName("assets:cash"), amount: Money(minorUnits: cents, currency: currency))
    }

    func testRunningBalanceFollowsDateThenRecordingOrder() throws {
        let report = try RegisterReport(postings: [
            try posted("2026-11-03", 1, -500), try posted("2026-11-01", 3, 10_000), try posted("2026-11-01", 2, -250),
        ])
        XCTAssertEqual(report.entries.map(\.posted.transactionID), ["t2", "t3", "t1"])
        XCTAssertEqual(report.entries.map(\.runningBalance.decimalString), ["-2.50", "97.50", "92.50"])
    }

    func testEachCurrencyRunsItsOwnBalance() throws {
        let yen = try Currency(code: "JPY")
        let report = try RegisterReport(postings: [
            try posted("2026-11-01", 1, 100), try posted("2026-11-02", 2, 1000, yen), try posted("2026-11-03", 3, 100),
        ])
        XCTAssertEqual(report.entries.map(\.runningBalance.description), ["1.00 USD", "1000 JPY", "2.00 USD"])
    }
}
