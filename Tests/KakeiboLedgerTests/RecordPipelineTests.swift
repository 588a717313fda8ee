import GRDB
import KakeiboDomain
import KakeiboEventStore
import KakeiboLedger
import XCTest

/// The write pipeline's promises: the result carries what was appended (nothing is read back), the
/// fingerprint is the SHA-256 of the command's canonical JSON, stored as 32 bytes.
final class RecordPipelineTests: LedgerTestCase {
    func testTheResultCarriesTheAppendedEventsAndEnvelopesAsTheLogHoldsThem() throws {
        let result = try ledger.record(.captureExpense(.init(amount: "4.20", date: LocalDate(iso: "2026-11-03"),
                                                             from: "assets:checking", to: "groceries", payee: "Corner Shop")))
        XCTAssertEqual(result.events.map(\.type), ["ExpenseCaptured"])
        XCTAssertEqual(result.envelopes.map(\.position), result.positions)
        XCTAssertEqual(result.events.first?.transactionID, result.transactionID)
        let stored = try withRawDatabase { db in try result.positions.compactMap { try EventLog.event(at: $0, in: db) } }
        XCTAssertEqual(stored, result.envelopes)
        XCTAssertEqual(try stored.map { try $0.event() }, result.events)
    }

    func testAnAppliedSuggestionNamesItsCategory() throws {
        try expense("6", category: "dining", payee: "Blue Bottle #0423")
        try expense("5", category: "dining", payee: "BLUE BOTTLE 11/02")
        try expense("50", category: "groceries", payee: "Green Grocer")
        var input = LedgerCommand.MoneyInput(amount: "5.50", date: try LocalDate(iso: "2026-11-03"), from: "assets:checking",
                                             to: AppliedSuggestion.uncategorisedExpenses, payee: "SQ *BLUE BOTTLE COFFEE")
        input.suggestCategory = true
        let result = try ledger.record(.captureExpense(input))
        XCTAssertNotNil(result.suggestion?.accountID)
        XCTAssertEqual(result.suggestedCategory, "expenses:dining")
    }

    func testTheFingerprintIsTheSHA256OfTheCanonicalJSONStoredAsBytes() throws {
        let command = LedgerCommand.captureExpense(.init(amount: "4.20", date: try LocalDate(iso: "2026-11-03"),
                                                         from: "assets:checking", to: "groceries", payee: "Corner Shop"))
        XCTAssertEqual(command.canonicalJSON.canonicalString(), #"""
            {"amount":"4.20","command":"captureExpense","date":"2026-11-03","from":"assets:checking","payee":"Corner Shop","to":"groceries"}
            """#)
        let result = try ledger.record(command, options: CommandOptions(idempotencyKey: "k-1"))
        let stored = try withRawDatabase { db in
            try Data.fetchOne(db, sql: "SELECT command_hash FROM events WHERE position = ?", arguments: [result.position])
        }
        XCTAssertEqual(stored.map { Array($0) }, EventHasher.sha256(command.canonicalJSON.canonicalBytes()))
        XCTAssertEqual(result.envelopes.first?.commandHash, stored.map { EventHasher.hex($0) }, "the envelope shows the same bytes in hex")
        let retry = try ledger.record(command, options: CommandOptions(idempotencyKey: "k-1"))
        XCTAssertTrue(retry.alreadyRecorded)
        XCTAssertEqual(retry.events, result.events, "a retry returns the events first recorded")
    }

    func testAnImportersFingerprintStillDecidesWhatARetryIs() throws {
        let one = LedgerCommand.captureExpense(.init(amount: "1", date: try LocalDate(iso: "2026-11-03"), from: "assets:checking", to: "groceries"))
        let two = LedgerCommand.captureExpense(.init(amount: "2", date: try LocalDate(iso: "2026-11-03"), from: "assets:checking", to: "groceries"))
        let first = try ledger.record(one, options: CommandOptions(idempotencyKey: "row-1", fingerprint: "row-digest"))
        // Another command with the same source row's digest is that row again (its rules changed, say).
        let again = try ledger.record(two, options: CommandOptions(idempotencyKey: "row-1", fingerprint: "row-digest"))
        XCTAssertTrue(again.alreadyRecorded)
        XCTAssertEqual(again.positions, first.positions)
        XCTAssertThrowsError(try ledger.record(one, options: CommandOptions(idempotencyKey: "row-1", fingerprint: "other-digest")))
    }

    func testCanonicalJSONTellsCommandsApartAndLeavesNilFieldsOut() throws {
        var a = LedgerCommand.MoneyInput(amount: "1", from: "assets:checking", to: "groceries")
        XCTAssertEqual(LedgerCommand.captureExpense(a).canonicalJSON.canonicalString(),
                       #"{"amount":"1","command":"captureExpense","from":"assets:checking","to":"groceries"}"#)
        XCTAssertNotEqual(LedgerCommand.captureExpense(a).canonicalJSON, LedgerCommand.recordIncome(a).canonicalJSON)
        a.suggestCategory = true
        XCTAssertEqual(LedgerCommand.captureExpense(a).canonicalJSON["suggestCategory"], .bool(true))
        let clearing = LedgerCommand.editTransaction(.init(id: "t", payee: .some(nil)))
        XCTAssertEqual(clearing.canonicalJSON.canonicalString(), #"{"command":"editTransaction","id":"t","payee":null}"#)
        XCTAssertEqual(LedgerCommand.editTransaction(.init(id: "t")).canonicalJSON.canonicalString(),
                       #"{"command":"editTransaction","id":"t"}"#)
    }
}
