import Foundation
import GRDB
import KakeiboDomain
import KakeiboEventStore
import KakeiboLedger
import XCTest

/// Before the canonical fingerprint, a keyed command's `command_hash` was the SHA-256 of
/// `String(reflecting: command)`. A log an older version wrote must still tell a retry of such a
/// command (nothing appended, the first result again) from a different command under its key.
final class LegacyCommandHashTests: LedgerTestCase {
    func testARetryOfACommandStoredWithTheOldHashIsARetryAndAnotherCommandAConflict() throws {
        let command = try LedgerCommand.captureExpense(.init(amount: "4.20", date: LocalDate(iso: "2026-11-02"),
                                                         from: "assets:checking", to: "groceries"))
        // The old form, written out here rather than taken from the ledger: it is what the older version stored.
        let legacy = EventHasher.sha256(Array(String(reflecting: command).utf8))
        XCTAssertNotEqual(legacy, EventHasher.sha256(command.canonicalJSON.canonicalBytes()), "the retry would not need the old hash")

        // The older version's record: the events this command decides (on a copy of the ledger), appended
        // under the key with the old hash, chained like any other.
        let copy = directory.appendingPathComponent("older.sqlite").path
        try withRawDatabase { try $0.execute(sql: "VACUUM INTO ?", arguments: [copy]) }
        let older = try Ledger.open(at: copy, environment: .deterministic(startingAt: 1_795_262_400_000, seed: 99, actor: "older"))
        let first = try older.record(command)
        try withRawDatabase { db in
            try db.inTransaction {
                let events = first.envelopes.map {
                    NewEvent(eventID: $0.eventID, stream: $0.stream, type: $0.type, schemaVersion: $0.schemaVersion,
                             occurredOn: $0.occurredOn, payload: $0.payload)
                }
                let metadata = AppendMetadata(recordedAt: first.envelopes[0].recordedAt, source: .manual, actor: "older",
                                              commandID: first.envelopes[0].commandID, idempotencyKey: "receipt-1", commandHash: legacy)
                _ = try EventLog.append(events, metadata: metadata, in: db)
                return .commit
            }
        }
        let stored = try withRawDatabase { try Data.fetchOne($0, sql: "SELECT command_hash FROM events WHERE idempotency_key = 'receipt-1'") }
        XCTAssertEqual(stored.map { Array($0) }, legacy)
        let head = try ledger.head()

        let retry = try ledger.record(command, options: CommandOptions(idempotencyKey: "receipt-1"))
        XCTAssertTrue(retry.alreadyRecorded)
        XCTAssertEqual(retry.transactionID, first.transactionID)
        XCTAssertEqual(retry.positions, Array(head.position - Int64(first.positions.count) + 1...head.position))
        XCTAssertEqual(try ledger.head(), head, "a retry appends nothing")

        let other = try LedgerCommand.captureExpense(.init(amount: "4.30", date: LocalDate(iso: "2026-11-02"),
                                                       from: "assets:checking", to: "groceries"))
        XCTAssertThrowsError(try ledger.record(other, options: CommandOptions(idempotencyKey: "receipt-1"))) {
            XCTAssertEqual($0 as? EventStoreError, .idempotencyConflict(key: "receipt-1"))
        }
        XCTAssertEqual(try ledger.head(), head)
        XCTAssertEqual(try balanceLines(), ["assets:checking,USD,-4.20", "expenses:groceries,USD,4.20"])
        XCTAssertTrue(try ledger.verify().isValid)
    }
}
