import GRDB
import KakeiboDomain
import KakeiboProjections

// The suggestion projection (Migrations/0003): counts per category and feature. Rows that reach
// zero are deleted, so a capture followed by its void leaves the tables as if neither happened.

extension SQLiteProjectionStore {
    /// Adds up in memory; `flushSuggestions()` writes once per batch, like balances.
    func learnSuggestion(accountID: String, payee: String?, amount: Money?, itemWords: [String] = [], delta: Int64) throws {
        var features: [String]
        if let payee, let cached = cache.payeeFeatures[payee] {
            features = cached
        } else {
            features = SuggestionFeatures.of(payee: payee, amount: nil)
            if let payee {
                if cache.payeeFeatures.count >= 50_000 { cache.payeeFeatures = [:] } // bounded memory in long rebuilds
                cache.payeeFeatures[payee] = features
            }
        }
        if let amount { features.append(SuggestionFeatures.amountBucket(amount)) }
        features += itemWords
        cache.pendingSuggestions[.init(account: accountID, feature: nil), default: 0] += delta
        for feature in features { cache.pendingSuggestions[.init(account: accountID, feature: feature), default: 0] += delta }
    }

    /// Writes the pending counts. SQLite checks CHECK constraints before an upsert's conflict
    /// clause, so decreases are plain updates, and rows that reach zero are deleted.
    func flushSuggestions() throws {
        let pending = cache.pendingSuggestions.filter { $0.value != 0 }.sorted { $0.key < $1.key }
        cache.pendingSuggestions = [:]
        guard !pending.isEmpty else { return }
        cache.suggestionTotals = nil
        let addClass = try db.cachedStatement(sql: """
            INSERT INTO suggestion_classes (account_id, documents) VALUES (?, ?)
            ON CONFLICT (account_id) DO UPDATE SET documents = documents + excluded.documents
            """)
        let addFeature = try db.cachedStatement(sql: """
            INSERT INTO suggestion_features (account_id, feature, count) VALUES (?, ?, ?)
            ON CONFLICT (account_id, feature) DO UPDATE SET count = count + excluded.count
            """)
        let subtractClass = try db.cachedStatement(sql: "UPDATE suggestion_classes SET documents = documents + ? WHERE account_id = ?")
        let subtractFeature = try db.cachedStatement(sql: "UPDATE suggestion_features SET count = count + ? WHERE account_id = ? AND feature = ?")
        var decreased = false
        for (key, delta) in pending {
            switch (key.feature, delta > 0) {
            case (nil, true): try addClass.execute(arguments: [key.account, delta])
            case (let feature?, true): try addFeature.execute(arguments: [key.account, feature, delta])
            case (nil, false): try subtractClass.execute(arguments: [delta, key.account]); decreased = true
            case (let feature?, false): try subtractFeature.execute(arguments: [delta, key.account, feature]); decreased = true
            }
        }
        if decreased {
            try db.execute(sql: "DELETE FROM suggestion_classes WHERE documents = 0")
            try db.execute(sql: "DELETE FROM suggestion_features WHERE count = 0")
        }
    }

    /// Set by Migrations/0004 on a ledger that had events before suggestions existed.
    static let backfillMarker = "suggestions-backfill"

    func needsSuggestionBackfill() throws -> Bool {
        try Int.fetchOne(db, sql: "SELECT 1 FROM projection_checkpoints WHERE projection = ?", arguments: [Self.backfillMarker]) != nil
    }

    /// Learns every live expense from the transactions projection (what a replay would learn,
    /// since voids and edits unlearn exactly what they replace), then clears the marker.
    func backfillSuggestions() throws {
        let rows = try Row.fetchAll(db, sql: """
            SELECT p.account_id, t.payee, p.amount, p.currency, w.words
            FROM transactions t JOIN postings p ON p.txn_id = t.txn_id AND p.line = 0
            LEFT JOIN suggestion_item_words w ON w.txn_id = t.txn_id WHERE t.kind = 'expense'
            UNION ALL
            SELECT p.account_id, t.payee, p.amount, p.currency, NULL
            FROM transactions t JOIN postings p ON p.txn_id = t.txn_id JOIN accounts a ON a.account_id = p.account_id
            WHERE t.kind = 'general' AND a.type = 'expense' AND p.amount > 0
              AND (SELECT COUNT(*) FROM postings q JOIN accounts b ON b.account_id = q.account_id
                   WHERE q.txn_id = t.txn_id AND b.type = 'expense') = 1
            """)
        for row in rows {
            let words: String? = row[4]
            try learnSuggestion(accountID: row[0], payee: row[1], amount: Money(minorUnits: try row.minorUnits(atIndex: 2, table: "postings"), currency: try Currency(code: row[3])),
                                itemWords: words.map { $0.split(separator: " ").map(String.init) } ?? [], delta: 1)
        }
        try flushSuggestions()
        try db.execute(sql: "DELETE FROM projection_checkpoints WHERE projection = ?", arguments: [Self.backfillMarker])
    }

    private func suggestionTotals() throws -> (documents: [String: Int64], totals: [String: Int64], vocabulary: Int) {
        if let cached = cache.suggestionTotals { return cached }
        var documents: [String: Int64] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT account_id, documents FROM suggestion_classes") { documents[row[0]] = row[1] }
        var totals: [String: Int64] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT account_id, SUM(count) FROM suggestion_features GROUP BY account_id") {
            totals[row[0]] = row[1]
        }
        let vocabulary = try Int.fetchOne(db, sql: "SELECT COUNT(DISTINCT feature) FROM suggestion_features") ?? 0
        cache.suggestionTotals = (documents, totals, vocabulary)
        return (documents, totals, vocabulary)
    }

    /// What the suggester needs: documents and feature totals per category, the vocabulary size,
    /// and the counts of the query's own features only.
    func suggestionCounts(features: [String]) throws -> CategorySuggester.Counts {
        let (documents, totals, vocabulary) = try suggestionTotals()
        var counts: [String: [String: Int64]] = [:]
        let statement = try db.cachedStatement(sql: "SELECT account_id, count FROM suggestion_features WHERE feature = ?")
        for feature in Set(features) {
            for row in try Row.fetchAll(statement, arguments: [feature]) { counts[row[0], default: [:]][feature] = row[1] }
        }
        return CategorySuggester.Counts(documents: documents, totals: totals, vocabularySize: vocabulary, features: counts)
    }
}
