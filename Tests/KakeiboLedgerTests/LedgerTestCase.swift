import Foundation
import GRDB
import KakeiboDomain
import KakeiboLedger
import XCTest

/// A fresh ledger file per test with a deterministic clock and ids, and a household's accounts.
class LedgerTestCase: XCTestCase {
    var directory: URL!
    var path: String!
    var ledger: Ledger!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-ledger-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent("ledger.sqlite").path
        // 2026-11-21T12:00:00Z
        ledger = try Ledger.create(at: path, currency: .usd, timeZone: "Asia/Tokyo",
                                   environment: .deterministic(startingAt: 1_795_262_400_000, seed: 7, actor: "tester"))
        try ledger.record(batch: [
            .openAccount(name: "assets:checking", type: .asset, currency: nil),
            .openAccount(name: "assets:cash", type: .asset, currency: nil),
            .openAccount(name: "liabilities:visa", type: .liability, currency: nil),
            .openAccount(name: "income:salary", type: .income, currency: nil),
            .openAccount(name: "assets:euro", type: .asset, currency: Currency(code: "EUR")),
            .addCategory(.init(name: "groceries")),
            .addCategory(.init(name: "dining")),
        ])
    }

    override func tearDownWithError() throws {
        ledger = nil
        try? FileManager.default.removeItem(at: directory)
    }

    @discardableResult
    func expense(_ amount: String, category: String = "groceries", from: String = "assets:checking",
                 date: String = "2026-11-02", payee: String? = "Corner Shop") throws -> String {
        try ledger.record(.captureExpense(.init(amount: amount, date: LocalDate(iso: date), from: from, to: category,
                                                payee: payee))).transactionID!
    }

    /// `account,currency,amount` lines, as `kakeibo balance --format csv` prints them.
    func balanceLines(_ scope: ReportScope = ReportScope()) throws -> [String] {
        try ledger.balances(scope).accounts.map { "\($0.account),\($0.amount.currency.code),\($0.amount.decimalString)" }
    }

    /// Asserts that a refused command changed nothing: same event count, same chain head.
    func assertRefused(_ command: LedgerCommand, _ check: (LedgerError) -> Bool = { _ in true },
                       file: StaticString = #filePath, line: UInt = #line) throws {
        let before = try ledger.head()
        XCTAssertThrowsError(try ledger.record(command), file: file, line: line) { error in
            guard let error = error as? LedgerError else { return XCTFail("not a LedgerError: \(error)", file: file, line: line) }
            XCTAssertTrue(check(error), "unexpected error: \(error)", file: file, line: line)
        }
        XCTAssertEqual(try ledger.head(), before, "the log changed", file: file, line: line)
    }

    func withRawDatabase<T>(_ body: (Database) throws -> T) throws -> T {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.writeWithoutTransaction(body)
    }
}
