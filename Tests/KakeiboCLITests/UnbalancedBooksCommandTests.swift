import Foundation
import GRDB
import KakeiboDomain
import KakeiboEventStore
import XCTest

/// Issue 30: a household server sequenced an `ExpenseCaptured` from an account no event opened,
/// a device pulled it, and `balance` then totalled 10.00 USD where double entry makes it 0, while
/// `verify` said "ok". Now `verify` names the event's position and the rule it breaks, and takes
/// the trial balance; a write refuses to fold it; the log is left as it was.
final class UnbalancedBooksCommandTests: KakeiboCLITestCase {
    /// Appends what such a server sent: a well-formed event with a correct hash, 10.00 USD from
    /// `no-such-account` to groceries. With `foldedByAnOlderDevice`, the projections also take it as
    /// an older device's refold did (both postings, the checkpoint moved). Returns its position.
    @discardableResult
    private func appendExpenseFromNowhere(foldedByAnOlderDevice: Bool) throws -> Int64 {
        try DatabaseQueue(path: db).write { db in
            let head = try EventLog.head(in: db)
            let groceries = try XCTUnwrap(String.fetchOne(db, sql: "SELECT account_id FROM accounts WHERE name = 'expenses:groceries'"))
            let event = LedgerEvent.expenseCaptured(.init(
                transactionID: "forged-transaction", date: try LocalDate(iso: "2026-11-04"), amount: Money(minorUnits: 1000, currency: .usd),
                fromAccountID: "no-such-account", toAccountID: groceries, payee: nil, memo: nil))
            let envelope = EventEnvelope(position: head.position + 1, eventID: "forged-event", stream: event.stream, streamVersion: 1,
                                         type: event.type, schemaVersion: event.schemaVersion, occurredOn: event.occurredOn,
                                         recordedAt: 1_795_000_000_000, source: .manual, actor: "mallory", commandID: "forged",
                                         idempotencyKey: nil, commandHash: nil, payload: event.payload)
            let payload = event.payload.canonicalString()
            let hash = EventHasher.hash(previous: head.hash, envelope: envelope, payload: Array(payload.utf8))
            try EventLog.appendVerbatim(envelope, payload: payload, previousHash: head.hash, hash: hash, in: db)
            if foldedByAnOlderDevice {
                try db.execute(sql: "UPDATE balances SET amount = amount + 1000 WHERE account_id = ?", arguments: [groceries])
                try db.execute(sql: "INSERT INTO balances (account_id, currency, amount) VALUES ('no-such-account', 'USD', -1000)")
                try db.execute(sql: "UPDATE projection_checkpoints SET position = ?", arguments: [envelope.position])
            }
            return envelope.position
        }
    }

    func testVerifyNamesThePositionAndTheTrialBalanceOfBooksAnOlderDeviceFolded() throws {
        try standardLedger()
        let position = try appendExpenseFromNowhere(foldedByAnOlderDevice: true)
        XCTAssertEqual(try ok("balance").stdoutLines.last, "total           10.00  USD", "the books an older device showed")
        let events = try eventCount()

        let verify = try kakeibo("verify")
        assertFailure(verify, mentioning: [
            "verification failed at position \(position)",
            "log: position \(position): the event breaks the ledger's rule unknown-account: "
                + "transaction forged-transaction posts to account no-such-account, which was never opened",
            "books: the balances of all accounts sum to 10.00 USD, not zero",
        ])
        let json = try kakeibo("verify", "--format", "json")
        XCTAssertNotEqual(json.exitCode, 0)
        XCTAssertEqual(try json.jsonObject()["firstBadPosition"] as? Int, Int(position))
        XCTAssertEqual(try eventCount(), events, "verify changes nothing")
    }

    func testAWriteRefusesToFoldItAndVerifyNamesIt() throws {
        try standardLedger()
        let position = try appendExpenseFromNowhere(foldedByAnOlderDevice: false)
        let before = try balanceCSV()
        let events = try eventCount()

        // The write meets the unfolded event on its way (catch-up) and names its position, with where to look.
        assertFailure(try kakeibo("expense", "1", "--from", "assets:checking", "--category", "groceries"),
                      mentioning: ["the event at log position \(position) cannot be replayed", "unknown-account", "no-such-account",
                                   "run `kakeibo verify`"])
        XCTAssertEqual(try eventCount(), events, "the refused write appended nothing")
        XCTAssertEqual(try balanceCSV(), before, "and folded nothing")
        assertFailure(try kakeibo("verify"), mentioning: ["verification failed at position \(position)", "unknown-account"])
    }

    /// A balance changed by hand: the replay sees the table differ, and the trial balance says by how much.
    func testTheTrialBalanceNamesTheCommodityThatDoesNotSumToZero() throws {
        try SQLite3.requireInstalled()
        try standardLedger()
        try SQLite3.run(db, "UPDATE balances SET amount = amount + 500 WHERE currency = 'USD' AND amount > 0 "
                            + "AND account_id = (SELECT account_id FROM accounts WHERE name = 'expenses:groceries')")
        assertFailure(try kakeibo("verify"), mentioning: [
            "verification failed", "projection: table balances differs from a replay of the log",
            "books: the balances of all accounts sum to 5.00 USD, not zero",
        ])
    }

    /// hledger's `(account)` postings balance with nothing; a ledger holding them still verifies.
    func testUnbalancedVirtualPostingsKeepTheBooksBalanced() throws {
        try standardLedger()
        let journal = sandbox.path("virtual.journal")
        try """
            2026-11-05 budget envelope
                expenses:groceries  $5.00
                assets:checking
                (liabilities:visa)  $7.00

            """.write(toFile: journal, atomically: true, encoding: .utf8)
        try ok("import", "journal", journal)
        XCTAssertTrue(try ok("verify").out.hasPrefix("ok: "))
    }
}
