import GRDB
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
