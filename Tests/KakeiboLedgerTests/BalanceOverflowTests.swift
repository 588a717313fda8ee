import GRDB
import KakeiboDomain
import KakeiboEventStore
import KakeiboLedger
import XCTest

/// Issue 13, item 1: each amount fits in Int64 minor units, but a balance is a sum. A command
/// that would push a balance (or a parent's total) past Int64 is refused and appends nothing;
/// a log that already holds one is named by position, and reports fail with a line, not a trap.
final class BalanceOverflowTests: LedgerTestCase {
    /// Int64.max minor units of a 2-decimal currency.
    let largest = "92233720368547758.07"

    func testAnExpenseThatWouldOverflowItsCategoryIsRefused() throws {
        try expense("1")
        try assertRefused(.captureExpense(.init(amount: largest, date: LocalDate(iso: "2026-11-02"), from: "assets:cash",
                                                to: "groceries"))) {
            $0 == .balanceOverflow(account: "expenses:groceries", total: false)
        }
        XCTAssertEqual(try balanceLines(), ["assets:checking,USD,-1.00", "expenses:groceries,USD,1.00"])
        XCTAssertTrue(try ledger.verify().isValid)
    }

    func testAParentTotalThatWouldOverflowIsRefused() throws {
        try expense(largest, category: "groceries", from: "assets:checking")
        // expenses:dining alone holds 1.00, but the `expenses` line would pass Int64.
        try assertRefused(.captureExpense(.init(amount: "0.01", date: LocalDate(iso: "2026-11-02"), from: "assets:cash",
                                                to: "dining"))) {
            $0 == .balanceOverflow(account: "expenses", total: true)
        }
        XCTAssertEqual(try ledger.balances().lines.first { $0.name == "expenses" }?.total.decimalString, largest)
    }

    func testAVoidThatWouldOverflowIsRefused() throws {
        try expense(largest)
        let refund = try expense("-5")
        try expense("5", from: "assets:cash")
        // Voiding the refund would put 5.00 back on a category already at the largest amount.
        try assertRefused(.voidTransaction(id: refund, reason: nil)) {
            $0 == .balanceOverflow(account: "expenses:groceries", total: false)
        }
    }

    func testAnEditThatWouldOverflowIsRefused() throws {
        try expense(largest)
        try expense("-1", category: "dining", from: "assets:cash") // the `expenses` total stays within Int64
        let small = try expense("1", category: "dining", from: "assets:cash")
        try assertRefused(.editTransaction(.init(id: small, category: "groceries"))) {
            $0 == .balanceOverflow(account: "expenses:groceries", total: false)
        }
    }

    func testAOneTransactionSplitThatWouldOverflowIsRefused() throws {
        try assertRefused(.recordTransaction(.init(postings: [
            .init(account: "expenses:groceries", amount: largest), .init(account: "expenses:groceries", amount: "0.01"),
            .init(account: "assets:checking", amount: nil),
        ])))
    }

    /// A ledger written before the check: the log holds a sum past Int64 and SQLite kept a REAL.
    func testALogThatAlreadyOverflowsIsNamedByPositionAndReportsFailCleanly() throws {
        try expense("1")
        let accounts = Dictionary(uniqueKeysWithValues: try ledger.accounts().map { ($0.account.name.rawValue, $0.account.id) })
        let forged = try withRawDatabase { db in
            let payload: JSONValue = ["txn": "old", "date": "2026-11-02", "payee": .null, "memo": .null, "postings": [
                ["account": .string(accounts["expenses:groceries"]!), "amount": .int(.max), "currency": "USD", "memo": .null],
                ["account": .string(accounts["assets:cash"]!), "amount": .int(-.max), "currency": "USD", "memo": .null],
            ]]
            _ = try EventLog.append([NewEvent(eventID: "old-event", stream: "txn-old", type: "TransactionRecorded",
                                              occurredOn: LocalDate(iso: "2026-11-02"), payload: payload)],
                                    metadata: AppendMetadata(recordedAt: 0, source: .manual, actor: "tester", commandID: "old"),
                                    in: db)
            try db.execute(sql: "UPDATE balances SET amount = amount + 9223372036854775807.0 WHERE account_id = ?",
                           arguments: [accounts["expenses:groceries"]!])
            try db.execute(sql: "UPDATE projection_checkpoints SET position = position + 1")
            return try EventLog.head(in: db).position
        }
        let report = try ledger.verify()
        XCTAssertEqual(report.logProblem?.position, forged, "\(report.problems)")
        XCTAssertTrue(report.logProblem?.reason.contains("expenses:groceries") ?? false, "\(report.problems)")
        XCTAssertThrowsError(try ledger.balances()) {
            XCTAssertEqual($0 as? LedgerError, .unreadableProjection(table: "balances", column: "amount"))
        }
        XCTAssertThrowsError(try ledger.accounts()) {
            XCTAssertEqual($0 as? LedgerError, .unreadableProjection(table: "balances", column: "amount"))
        }
        XCTAssertThrowsError(try ledger.replay()) {
            guard case .unfoldableEvent(let position, _)? = $0 as? LedgerError else { return XCTFail("\($0)") }
            XCTAssertEqual(position, forged)
        }
    }
}
