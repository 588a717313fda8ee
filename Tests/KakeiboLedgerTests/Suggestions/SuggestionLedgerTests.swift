import GRDB
import KakeiboDomain
import KakeiboLedger
import KakeiboProjections
import XCTest

/// The suggestion projection learns from captures, follows corrections and voids, and is
/// rebuilt exactly by a replay.
final class SuggestionLedgerTests: LedgerTestCase {
    /// These tests are about what is learned, and one sighting is worth 50 % (`CategorySuggester.evidenceCap`, below
    /// the 60 % default): they ask at 40 %, so a word seen once names its category.
    func suggestion(_ payee: String) throws -> (category: String?, confidence: Int64) {
        let (suggestion, names) = try ledger.suggestCategory(payee: payee, threshold: 4_000)
        return (suggestion.accountID.flatMap { names[$0] }, suggestion.confidenceBasisPoints)
    }

    func testCorrectionsTeachAndVoidsForget() throws {
        XCTAssertNil(try suggestion("Cinema City").category, "nothing learned yet")
        try expense("12", category: "groceries", payee: "Green Grocer #101")
        try expense("14", category: "groceries", payee: "GREEN GROCER 2206")
        let first = try expense("32", category: "dining", payee: "Cinema City")
        let second = try expense("30", category: "dining", payee: "CINEMA CITY #2 11/02")
        XCTAssertEqual(try suggestion("SQ *CINEMA CITY").category, "expenses:dining")

        try ledger.record(.addCategory(.init(name: "entertainment")))
        try ledger.record(.editTransaction(.init(id: first, category: "entertainment", reason: "it was a film")))
        try ledger.record(.editTransaction(.init(id: second, category: "entertainment", reason: "it was a film")))
        let corrected = try suggestion("Cinema City 0042")
        XCTAssertEqual(corrected.category, "expenses:entertainment", "the corrections moved the evidence")
        XCTAssertEqual(corrected.confidence, 6_667, "two corrections are two sightings: 2/3")
        XCTAssertEqual(try ledger.replayDifferences(), [], "incremental learning equals a replay")

        try ledger.record(.voidTransaction(id: first, reason: nil))
        try ledger.record(.voidTransaction(id: second, reason: nil))
        XCTAssertNil(try suggestion("Cinema City").category, "voided expenses teach nothing")
        XCTAssertEqual(try suggestion("green grocer").category, "expenses:groceries")
        XCTAssertEqual(try ledger.replayDifferences(), [])
        try ledger.replay()
        XCTAssertEqual(try suggestion("green grocer").category, "expenses:groceries")
    }

    func testAnEditOfPayeeOrAmountRelearnsTheExpense() throws {
        let id = try expense("45.10", category: "dining", payee: "Shel 0423")
        try ledger.record(.editTransaction(.init(id: id, amount: "46", payee: .some("SHELL 0423"), reason: "typo")))
        XCTAssertEqual(try suggestion("shell").category, "expenses:dining")
        XCTAssertNil(try suggestion("shel").category, "the old spelling was unlearned")
        XCTAssertEqual(try ledger.replayDifferences(), [])
    }

    /// A ledger from before suggestions: its counts are empty and Migrations/0004 left the marker.
    func testAnUpgradedLedgerLearnsItsExpensesOnceOnOpen() throws {
        try expense("12", category: "groceries", payee: "Green Grocer #101")
        let voided = try expense("30", category: "dining", payee: "Green Grocer #7")
        try ledger.record(.voidTransaction(id: voided, reason: nil))
        let learned = try withRawDatabase { db in try Row.fetchAll(db, sql: "SELECT * FROM suggestion_features ORDER BY 1, 2") }
        try withRawDatabase { db in
            try db.execute(sql: "DELETE FROM suggestion_features; DELETE FROM suggestion_classes")
            try db.execute(sql: "INSERT INTO projection_checkpoints (projection, position) VALUES ('suggestions-backfill', 10)")
        }
        ledger = try Ledger.open(at: path, environment: .deterministic(startingAt: 1_795_262_400_000, seed: 9))
        try withRawDatabase { db in
            XCTAssertEqual(try Row.fetchAll(db, sql: "SELECT * FROM suggestion_features ORDER BY 1, 2"), learned)
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM projection_checkpoints WHERE projection = 'suggestions-backfill'"), 0)
        }
        XCTAssertEqual(try suggestion("green grocer").category, "expenses:groceries")
        XCTAssertEqual(try ledger.replayDifferences(), [])
        ledger = try Ledger.open(at: path)
        XCTAssertEqual(try ledger.replayDifferences(), [], "a second open learns nothing twice")
    }

    /// Imported rows are recorded transactions: one spending posting on an expense account teaches
    /// like an expense, a correction of its postings moves the evidence, and a split teaches nothing.
    func testRecordedTransactionsWithOneExpensePostingTeachAndTheBackfillAgrees() throws {
        func row(_ payee: String, _ postings: [(String, String?)]) throws -> String {
            try ledger.record(.recordTransaction(.init(date: LocalDate(iso: "2026-11-03"), payee: payee,
                                                       postings: postings.map { .init(account: $0.0, amount: $0.1) }))).transactionID!
        }
        let imported = try row("SQ *NOODLE HOUSE 12", [("assets:checking", "-14"), ("expenses:groceries", nil)])
        let second = try row("Noodle House #3", [("assets:checking", "-12"), ("expenses:groceries", nil)])
        _ = try row("Split Market", [("assets:checking", "-30"), ("expenses:groceries", "20"), ("expenses:dining", "10")])
        _ = try row("Refund Market", [("assets:checking", "5"), ("expenses:groceries", nil)])
        XCTAssertEqual(try suggestion("noodle house").category, "expenses:groceries")
        XCTAssertNil(try suggestion("split market").category, "a split teaches no single category")
        XCTAssertNil(try suggestion("refund market").category, "a refund is not spending")

        for (id, amount) in [(imported, "-14"), (second, "-12")] {
            try ledger.record(.editTransaction(.init(id: id, postings: [.init(account: "assets:checking", amount: amount),
                                                                        .init(account: "expenses:dining", amount: nil)], reason: "a restaurant")))
        }
        XCTAssertEqual(try suggestion("noodle house").category, "expenses:dining", "the correction moved the evidence")
        XCTAssertEqual(try ledger.replayDifferences(), [])

        // What Migrations/0005 does to an existing ledger: empty counts, relearned once on open.
        let learned = try withRawDatabase { db in try Row.fetchAll(db, sql: "SELECT * FROM suggestion_features ORDER BY 1, 2") }
        try withRawDatabase { db in
            try db.execute(sql: "DELETE FROM suggestion_features; DELETE FROM suggestion_classes")
            try db.execute(sql: "INSERT INTO projection_checkpoints (projection, position) VALUES ('suggestions-backfill', 10)")
        }
        ledger = try Ledger.open(at: path, environment: .deterministic(startingAt: 1_795_262_400_000, seed: 9))
        XCTAssertEqual(try withRawDatabase { db in try Row.fetchAll(db, sql: "SELECT * FROM suggestion_features ORDER BY 1, 2") }, learned)
        XCTAssertEqual(try ledger.replayDifferences(), [])
    }

    /// A ledger from before Migrations/0005: no outcomes table, and counts learned from expenses
    /// only. Opening it runs 0005, which relearns the counts under the new rules; verify passes.
    func testALedgerFromBeforeAppliedSuggestionsUpgradesAndVerifies() throws {
        try expense("12", category: "groceries", payee: "Green Grocer #101")
        try ledger.record(.recordTransaction(.init(date: LocalDate(iso: "2026-11-03"), payee: "NOODLE HOUSE",
                                                   postings: [.init(account: "assets:checking", amount: "-9"),
                                                              .init(account: "expenses:dining", amount: nil)])))
        try withRawDatabase { db in
            try db.execute(sql: "DROP TABLE suggestion_outcomes")
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = '0005_suggestion_outcomes'")
            // What the expense-only rules had learned: nothing from the recorded transaction.
            try db.execute(sql: "DELETE FROM suggestion_features WHERE feature IN ('payee:noodle', 'payee:house')")
        }
        XCTAssertNil(try withRawDatabase { db in try String.fetchOne(db, sql: "SELECT feature FROM suggestion_features WHERE feature = 'payee:noodle'") })
        ledger = try Ledger.open(at: path, environment: .deterministic(startingAt: 1_795_262_400_000, seed: 9))
        XCTAssertEqual(try suggestion("noodle house").category, "expenses:dining", "relearned on open, imports included")
        let report = try ledger.verify()
        XCTAssertTrue(report.isValid, "\(report.problems)")
    }
}

