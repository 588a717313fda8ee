import KakeiboDomain
import KakeiboLedger
import XCTest

final class LedgerRecordingTests: LedgerTestCase {
    func testExpenseIncomeAndTransferPostBothSides() throws {
        try expense("12.50")
        try ledger.record(.recordIncome(.init(amount: "2,500", date: LocalDate(iso: "2026-11-01"), from: "income:salary",
                                              to: "assets:checking")))
        try ledger.record(.makeTransfer(.init(amount: "100", date: LocalDate(iso: "2026-11-03"), from: "assets:checking",
                                              to: "liabilities:visa")))
        XCTAssertEqual(try balanceLines(), [
            "assets:checking,USD,2387.50", "expenses:groceries,USD,12.50", "income:salary,USD,-2500.00", "liabilities:visa,USD,100.00",
        ])
        XCTAssertEqual(try ledger.balances().totals, [Money(minorUnits: 0, currency: .usd)])
    }

    func testSplitTransactionFillsTheElidedAmount() throws {
        let id = try ledger.record(.recordTransaction(.init(date: LocalDate(iso: "2026-11-05"), payee: "Market", postings: [
            .init(account: "expenses:groceries", amount: "30"),
            .init(account: "expenses:dining", amount: "12.25"),
            .init(account: "assets:cash", amount: nil),
        ]))).transactionID
        XCTAssertNotNil(id)
        XCTAssertEqual(try balanceLines(), ["assets:cash,USD,-42.25", "expenses:dining,USD,12.25", "expenses:groceries,USD,30.00"])
    }

    func testEditMovesTheBalanceAndKeepsTheOriginalInHistory() throws {
        let id = try expense("12.50")
        try ledger.record(.editTransaction(.init(id: id, amount: "13.00", category: "dining", reason: "typo")))
        XCTAssertEqual(try balanceLines(), ["assets:checking,USD,-13.00", "expenses:dining,USD,13.00"])
        let history = try ledger.history(of: id)
        XCTAssertEqual(history.entries.map(\.type), ["ExpenseCaptured", "TransactionEdited"])
        let edit = history.entries[1]
        XCTAssertEqual(edit.reason, "typo")
        XCTAssertEqual(edit.actor, "tester")
        XCTAssertEqual(edit.source, .manual)
        XCTAssertEqual(edit.changes.map(\.field), ["amount", "toAccount"])
        XCTAssertEqual(edit.changes[0].before, "12.50 USD")
        XCTAssertEqual(edit.changes[0].after, "13.00 USD")
        XCTAssertEqual(edit.changes[1].before, "expenses:groceries")
        XCTAssertEqual(edit.changes[1].after, "expenses:dining")
    }

    func testVoidRemovesTheTransactionFromBalances() throws {
        let id = try expense("12.50")
        try expense("3")
        try ledger.record(.voidTransaction(id: id, reason: "duplicate"))
        XCTAssertEqual(try balanceLines(), ["assets:checking,USD,-3.00", "expenses:groceries,USD,3.00"])
        XCTAssertTrue(try ledger.history(of: id).isVoided)
    }

    func testRefundIsANegativeExpense() throws {
        try expense("20")
        try expense("-5")
        XCTAssertEqual(try balanceLines(), ["assets:checking,USD,-15.00", "expenses:groceries,USD,15.00"])
    }

    func testDateDefaultsToTodayInTheLedgersTimeZone() throws {
        // The clock says 2026-11-21T12:00Z, which is already the 21st in Tokyo too; 15:00Z would be the 22nd.
        let id = try ledger.record(.captureExpense(.init(amount: "1", from: "assets:checking", to: "groceries"))).transactionID!
        XCTAssertEqual(try ledger.register(account: "expenses:groceries").entries.first?.posted.date.description, "2026-11-21")
        XCTAssertEqual(try ledger.today().description, "2026-11-21")
        XCTAssertFalse(id.isEmpty)
    }

    func testIdempotencyKeyMakesARetryAppendNothing() throws {
        let command = LedgerCommand.captureExpense(.init(amount: "4.20", from: "assets:checking", to: "groceries"))
        let first = try ledger.record(command, options: CommandOptions(idempotencyKey: "receipt-1"))
        let retry = try ledger.record(command, options: CommandOptions(idempotencyKey: "receipt-1"))
        XCTAssertTrue(retry.alreadyRecorded)
        XCTAssertEqual(retry.positions, first.positions)
        XCTAssertEqual(retry.transactionID, first.transactionID)
        let other = LedgerCommand.captureExpense(.init(amount: "4.30", from: "assets:checking", to: "groceries"))
        let head = try ledger.head()
        XCTAssertThrowsError(try ledger.record(other, options: CommandOptions(idempotencyKey: "receipt-1")))
        XCTAssertEqual(try ledger.head(), head)
    }

    func testKeyedBatchCanBeResentWholeOrInPart() throws {
        let batch: [LedgerCommand] = ["1", "2", "3"].map { .captureExpense(.init(amount: $0, from: "assets:checking", to: "groceries")) }
        let first = try ledger.record(batch: batch, options: CommandOptions(idempotencyKey: "import-7"))
        let head = try ledger.head()
        let again = try ledger.record(batch: batch, options: CommandOptions(idempotencyKey: "import-7"))
        XCTAssertEqual(again.map(\.alreadyRecorded), [true, true, true])
        XCTAssertEqual(again.map(\.transactionID), first.map(\.transactionID))
        XCTAssertEqual(try ledger.head(), head)
        XCTAssertEqual(try balanceLines(), ["assets:checking,USD,-6.00", "expenses:groceries,USD,6.00"])
    }

    func testSourceAndProvenanceAreRecordedAndHashed() throws {
        let id = try ledger.record(.captureExpense(.init(amount: "9.99", from: "assets:checking", to: "groceries")),
                                   options: CommandOptions(source: .csvImport, provenance: "statement.csv:12")).transactionID!
        let entry = try ledger.history(of: id).entries[0]
        XCTAssertEqual(entry.source, .csvImport)
        XCTAssertEqual(entry.provenance, "statement.csv:12")
        try withRawDatabase { db in
            try db.execute(sql: "DROP TRIGGER events_refuse_update")
            try db.execute(sql: "UPDATE events SET provenance = 'statement.csv:13' WHERE provenance IS NOT NULL")
        }
        XCTAssertEqual(try ledger.verify().logProblem?.position, entry.position)
    }

    func testTransactionIDPrefixResolves() throws {
        let id = try expense("1")
        XCTAssertEqual(try ledger.resolveTransactionID(String(id.prefix(8))), id)
        XCTAssertThrowsError(try ledger.resolveTransactionID("zzzz"))
        XCTAssertThrowsError(try ledger.resolveTransactionID("abc"))
    }

    func testRenamedAccountKeepsItsBalance() throws {
        try expense("10")
        try ledger.record(.renameAccount(name: "assets:checking", newName: "assets:bank:checking"))
        XCTAssertEqual(try balanceLines(), ["assets:bank:checking,USD,-10.00", "expenses:groceries,USD,10.00"])
        let tree = try ledger.balances().lines.map { "\($0.name)=\($0.total.decimalString)" }
        XCTAssertEqual(tree, ["assets=-10.00", "assets:bank=-10.00", "assets:bank:checking=-10.00",
                              "expenses=10.00", "expenses:groceries=10.00"])
    }
}
