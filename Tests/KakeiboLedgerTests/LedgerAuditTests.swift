import GRDB
import KakeiboDomain
import KakeiboEventStore
import KakeiboLedger
import XCTest

final class LedgerAuditTests: LedgerTestCase {
    func testVerifyPassesOnAnUntouchedLedger() throws {
        try expense("5")
        let report = try ledger.verify()
        XCTAssertTrue(report.isValid, "\(report.problems)")
        XCTAssertEqual(report.head, try ledger.head())
    }

    func testHandEditedProjectionIsCaught() throws {
        try expense("5")
        try withRawDatabase { db in try db.execute(sql: "UPDATE balances SET amount = amount + 1") }
        XCTAssertEqual(try ledger.replayDifferences(), ["balances"])
        let report = try ledger.verify()
        XCTAssertFalse(report.isValid)
        XCTAssertEqual(report.projectionDifferences, ["balances"])
        try ledger.replay()
        XCTAssertTrue(try ledger.verify().isValid)
    }

    func testDroppedTriggersAndAlteredPayloadAreCaught() throws {
        let id = try expense("5")
        let position = try ledger.history(of: id).entries[0].position
        try withRawDatabase { db in
            try db.execute(sql: "DROP TRIGGER events_refuse_update")
            try db.execute(sql: "UPDATE events SET payload = replace(payload, '500', '900') WHERE position = ?", arguments: [position])
        }
        let report = try ledger.verify()
        XCTAssertEqual(report.logProblem?.position, position)
        XCTAssertEqual(report.missingTriggers, ["events_refuse_update"])
    }

    func testUnbalancedEventForgedIntoTheLogIsCaught() throws {
        // An attacker who rewrites the chain can forge a balanced-looking hash, not balanced books.
        try withRawDatabase { db in
            let head = try EventLog.head(in: db)
            let payload: JSONValue = ["txn": "forged", "date": "2026-11-02", "payee": .null, "memo": .null, "postings": [
                ["account": "a", "amount": 100, "currency": "USD", "memo": .null],
                ["account": "b", "amount": -99, "currency": "USD", "memo": .null],
            ]]
            _ = try EventLog.append([NewEvent(eventID: "forged-event", stream: "txn-forged", type: "TransactionRecorded",
                                              occurredOn: LocalDate(iso: "2026-11-02"), payload: payload)],
                                    metadata: AppendMetadata(recordedAt: 0, source: .manual, actor: "mallory", commandID: "x"),
                                    in: db)
            XCTAssertEqual(try EventLog.head(in: db).position, head.position + 1)
        }
        let report = try ledger.verify()
        XCTAssertTrue(report.logProblem?.reason.contains("does not balance") ?? false, "\(report.problems)")
    }

    func testTimeTravelByDateAndByPosition() throws {
        let id = try expense("12.50", date: "2026-11-02")
        try ledger.record(.recordIncome(.init(amount: "2500", date: LocalDate(iso: "2026-11-01"), from: "income:salary",
                                              to: "assets:checking")))
        let beforeEdit = try ledger.head().position
        try ledger.record(.editTransaction(.init(id: id, amount: "13", reason: "typo")))
        XCTAssertEqual(try balanceLines(ReportScope(asOf: LocalDate(iso: "2026-11-01"))),
                       ["assets:checking,USD,2500.00", "income:salary,USD,-2500.00"])
        XCTAssertEqual(try balanceLines(ReportScope(atPosition: beforeEdit)),
                       ["assets:checking,USD,2487.50", "expenses:groceries,USD,12.50", "income:salary,USD,-2500.00"])
        XCTAssertEqual(try balanceLines(), ["assets:checking,USD,2487.00", "expenses:groceries,USD,13.00", "income:salary,USD,-2500.00"])
    }

    func testTimeTravelPastTheEndOfTheLogIsAnError() throws {
        let last = try ledger.head().position
        XCTAssertThrowsError(try ledger.balances(ReportScope(atPosition: last + 1))) { error in
            XCTAssertEqual(error as? LedgerError, .positionBeyondLog(last + 1, last: last))
        }
        XCTAssertEqual(try balanceLines(ReportScope(atPosition: 0)), [])
    }

    func testRegisterRunsInDateOrder() throws {
        try expense("10", date: "2026-11-05")
        try expense("2", date: "2026-11-01")
        try ledger.record(.recordIncome(.init(amount: "100", date: LocalDate(iso: "2026-11-03"), from: "income:salary",
                                              to: "assets:checking")))
        let entries = try ledger.register(account: "assets").entries
        XCTAssertEqual(entries.map { $0.posted.date.description }, ["2026-11-01", "2026-11-03", "2026-11-05"])
        XCTAssertEqual(entries.map(\.runningBalance.decimalString), ["-2.00", "98.00", "88.00"])
        XCTAssertThrowsError(try ledger.register(account: "assets:nowhere"))
    }

    func testReopenedLedgerSeesTheSameState() throws {
        try expense("7")
        let lines = try balanceLines()
        let reopened = try Ledger.open(at: path)
        XCTAssertEqual(try reopened.balances().accounts.count, lines.count)
        XCTAssertEqual(try reopened.head(), try ledger.head())
    }
}
