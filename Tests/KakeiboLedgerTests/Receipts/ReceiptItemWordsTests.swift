import GRDB
import KakeiboDomain
import KakeiboLedger
import XCTest

/// Receipt line-item words teach the category suggester, and a receipt from a payee never seen
/// before is filed by what it bought.
final class ReceiptItemWordsTests: LedgerTestCase {
    func receipt(_ sha: Character, payee: String, items: [String], category: String? = nil) throws -> LedgerCommand.ReceiptInput {
        let scan = LedgerCommand.ReceiptReading(
            imageSHA256: String(repeating: sha, count: 64),
            engine: .init(name: "tesseract", version: "5.3.0", language: "eng"), preprocessing: ["grayscale"],
            rows: [.init(index: 0, text: payee, box: [0, 0, 9000, 300], confidenceBasisPoints: 9000)],
            fields: ["total": .init(value: .minorUnits(1250), confidenceBasisPoints: 8000, rows: [0])],
            warnings: [],
            items: items.enumerated().map { .init(text: $1, quantity: nil, amountMinorUnits: 400, confidenceBasisPoints: 8000,
                                                   rows: [Int64($0 + 1)]) })
        return .init(reading: scan, total: Money(minorUnits: 1250, currency: .usd), date: try LocalDate(iso: "2026-11-20"),
                     payee: payee, account: "assets:cash", category: category, needsReview: false)
    }

    let groceryItems = ["SAWI HIJAU 1KG", "TELUR GRED A 10 PCS", "BERAS WANGI 5KG"]

    /// Three grocery receipts and one café receipt, each from a different payee.
    @discardableResult
    func learnFromReceipts() throws -> [String] {
        var ids: [String] = []
        for (sha, payee) in zip("abc", ["Mart Alpha", "Pasar Beta", "Kedai Gamma"]) {
            ids.append(try XCTUnwrap(ledger.importReceipt(try receipt(sha, payee: payee, items: groceryItems, category: "groceries"))
                .transactionID))
        }
        _ = try ledger.importReceipt(try receipt("d", payee: "Kopitiam Lama", items: ["TEH TARIK", "ROTI CANAI"], category: "dining"))
        return ids
    }

    func category(of result: ReceiptImport) throws -> String? {
        guard case .expenseCaptured(let expense)? = result.events.last else { XCTFail("\(result.events)"); return nil }
        return try ledger.account(id: expense.toAccountID)?.name.rawValue
    }

    func testANewPayeeIsFiledByTheItemsItSold() throws {
        try learnFromReceipts()
        let result = try ledger.importReceipt(try receipt("e", payee: "Runcit Baru", items: ["TELUR GRED B", "BERAS WANGI 10KG"]))
        XCTAssertEqual(try category(of: result), "expenses:groceries")
        guard case .expenseCaptured(let expense)? = result.events.last else { return XCTFail() }
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(expense.suggestion).confidenceBasisPoints, AppliedSuggestion.defaultThreshold)

        // The same new payee without items has nothing to go on.
        let bare = try ledger.importReceipt(try receipt("f", payee: "Toko Satu", items: []))
        XCTAssertEqual(try category(of: bare), "expenses:unknown")
        // Items never seen before do not pretend to know.
        let strange = try ledger.importReceipt(try receipt("0", payee: "Warung Dua", items: ["SKRU BESI", "PAKU"]))
        XCTAssertEqual(try category(of: strange), "expenses:unknown")
        XCTAssertEqual(try ledger.replayDifferences(), [])
    }

    func itemCount(_ word: String, in category: String) throws -> Int64 {
        try withRawDatabase { db in
            try Int64.fetchOne(db, sql: """
                SELECT f.count FROM suggestion_features f JOIN accounts a ON a.account_id = f.account_id
                WHERE a.name = ? AND f.feature = ?
                """, arguments: ["expenses:" + category, word]) ?? 0
        }
    }

    func testAnEditMovesTheItemEvidenceAndAVoidRemovesIt() throws {
        let ids = try learnFromReceipts()
        XCTAssertEqual(try itemCount("i:telur", in: "groceries"), 3)
        XCTAssertEqual(try itemCount("i:telur", in: "dining"), 0)
        XCTAssertEqual(try itemCount("i:teh", in: "dining"), 1)
        XCTAssertEqual(try itemCount("i:pcs", in: "groceries"), 0, "pack sizes are not words")

        try ledger.record(.editTransaction(.init(id: ids[0], category: "dining", reason: "it was a café")))
        XCTAssertEqual(try itemCount("i:telur", in: "groceries"), 2)
        XCTAssertEqual(try itemCount("i:telur", in: "dining"), 1)
        XCTAssertEqual(try ledger.replayDifferences(), [])

        try ledger.record(.voidTransaction(id: ids[0], reason: nil))
        XCTAssertEqual(try itemCount("i:telur", in: "dining"), 0)
        XCTAssertEqual(try itemCount("i:telur", in: "groceries"), 2)
        XCTAssertEqual(try ledger.replayDifferences(), [])

        // Moving the other two as well: a new payee with grocery items is now suggested dining.
        for id in ids.dropFirst() { try ledger.record(.editTransaction(.init(id: id, category: "dining", reason: "re-filed"))) }
        let result = try ledger.importReceipt(try receipt("e", payee: "Runcit Baru", items: ["TELUR GRED B", "BERAS WANGI"]))
        XCTAssertEqual(try category(of: result), "expenses:dining")
        XCTAssertEqual(try ledger.replayDifferences(), [])
        XCTAssertNil(try ledger.verify().logProblem)
    }

    /// A ledger that imported receipts before Migrations/0006: no item words, no `i:` counts, and
    /// the marker the migration leaves. Opening reads the words from the scans and relearns once.
    func testAnUpgradedLedgerReadsItsReceiptsItemWordsOnceOnOpen() throws {
        let ids = try learnFromReceipts()
        try ledger.record(.editTransaction(.init(id: ids[0], category: "dining", reason: "café")))
        try ledger.record(.voidTransaction(id: ids[1], reason: nil))
        let (learned, words) = try withRawDatabase { db in
            (try Row.fetchAll(db, sql: "SELECT * FROM suggestion_features ORDER BY 1, 2"),
             try Row.fetchAll(db, sql: "SELECT * FROM suggestion_item_words ORDER BY 1"))
        }
        XCTAssertEqual(words.count, 4)
        try withRawDatabase { db in
            try db.execute(sql: """
                DELETE FROM suggestion_item_words; DELETE FROM suggestion_receipt_words;
                DELETE FROM suggestion_features WHERE feature LIKE 'i:%';
                INSERT INTO projection_checkpoints (projection, position) VALUES ('item-words-backfill', 1)
                """)
        }
        XCTAssertNotEqual(try ledger.replayDifferences(), [])
        ledger = try Ledger.open(at: path, environment: .deterministic(startingAt: 1_795_262_400_000, seed: 9))
        try withRawDatabase { db in
            XCTAssertEqual(try Row.fetchAll(db, sql: "SELECT * FROM suggestion_features ORDER BY 1, 2"), learned)
            XCTAssertEqual(try Row.fetchAll(db, sql: "SELECT * FROM suggestion_item_words ORDER BY 1"), words)
            XCTAssertEqual(try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM projection_checkpoints WHERE projection IN ('item-words-backfill', 'suggestions-backfill')
                """), 0)
        }
        XCTAssertEqual(try ledger.replayDifferences(), [])
        ledger = try Ledger.open(at: path)
        XCTAssertEqual(try ledger.replayDifferences(), [], "a second open learns nothing twice")
    }
}
