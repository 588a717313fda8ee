import GRDB
import KakeiboEventStore
import KakeiboDomain
import KakeiboProjections

// Receipt item words (Migrations/0006), space-separated: `i:` tokens never hold a space.

extension SQLiteProjectionStore {
    func saveReceiptItemWords(_ words: [String], receiptID: String) throws {
        try db.cachedStatement(sql: "INSERT OR REPLACE INTO suggestion_receipt_words (receipt_id, words) VALUES (?, ?)")
            .execute(arguments: [receiptID, words.joined(separator: " ")])
        cache.hasItemWords = true
    }

    func attachReceiptItemWords(receiptID: String, transactionID: String) throws {
        guard try hasItemWords(),
              let words = try String.fetchOne(db.cachedStatement(sql: "SELECT words FROM suggestion_receipt_words WHERE receipt_id = ?"),
                                              arguments: [receiptID]) else { return }
        try db.cachedStatement(sql: "DELETE FROM suggestion_receipt_words WHERE receipt_id = ?").execute(arguments: [receiptID])
        try db.cachedStatement(sql: "INSERT OR REPLACE INTO suggestion_item_words (txn_id, words) VALUES (?, ?)")
            .execute(arguments: [transactionID, words])
    }

    func receiptItemWords(transactionID: String) throws -> [String] {
        guard try hasItemWords(),
              let words = try String.fetchOne(db.cachedStatement(sql: "SELECT words FROM suggestion_item_words WHERE txn_id = ?"),
                                              arguments: [transactionID]) else { return [] }
        return words.split(separator: " ").map(String.init)
    }

    /// Most ledgers hold no receipts: one check per access spares every expense a lookup.
    private func hasItemWords() throws -> Bool {
        if let known = cache.hasItemWords { return known }
        let known = try Bool.fetchOne(db, sql: """
            SELECT EXISTS (SELECT 1 FROM suggestion_item_words) OR EXISTS (SELECT 1 FROM suggestion_receipt_words)
            """) ?? false
        cache.hasItemWords = known
        return known
    }
}

extension SQLiteProjectionStore {
    /// Set by Migrations/0006 on a ledger that had receipts before item words were learned.
    static let itemWordsBackfillMarker = "item-words-backfill"

    func needsItemWordsBackfill() throws -> Bool {
        try Int.fetchOne(db, sql: "SELECT 1 FROM projection_checkpoints WHERE projection = ?",
                         arguments: [Self.itemWordsBackfillMarker]) != nil
    }

    /// Folds each scan and the expense read from it (the next event, same command) as a replay
    /// would, then empties the counts and asks for the suggestion backfill, which learns the words.
    func backfillItemWords() throws {
        let positions = try Int64.fetchAll(db, sql: "SELECT position FROM events WHERE type = 'ReceiptScanned' ORDER BY position")
        for position in positions {
            guard case .receiptScanned(let scan)? = try EventLog.event(at: position, in: db)?.event() else { continue }
            let words = SuggestionFeatures.itemTokens(scan.items.map(\.text))
            guard !words.isEmpty else { continue }
            try saveReceiptItemWords(words, receiptID: scan.receiptID)
            if case .expenseCaptured(let expense)? = try EventLog.event(at: position + 1, in: db)?.event(),
               expense.receiptID == scan.receiptID {
                try attachReceiptItemWords(receiptID: scan.receiptID, transactionID: expense.transactionID)
            }
        }
        try clearSuggestionCounts()
        try db.execute(sql: "INSERT OR IGNORE INTO projection_checkpoints (projection, position) SELECT ?, position FROM projection_checkpoints WHERE projection = 'ledger'",
                       arguments: [Self.backfillMarker])
        try db.execute(sql: "DELETE FROM projection_checkpoints WHERE projection = ?", arguments: [Self.itemWordsBackfillMarker])
    }
}
