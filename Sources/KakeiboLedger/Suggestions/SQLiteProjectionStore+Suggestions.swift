import GRDB
import KakeiboDomain
import KakeiboProjections

// The suggestion projection (Migrations/0003): counts per category and feature. Rows that reach
// zero are deleted, so a capture followed by its void leaves the tables as if neither happened.

extension SQLiteProjectionStore {
    func learnSuggestion(accountID: String, features: [String], delta: Int64) throws {
        guard delta < 0 else {
            try db.cachedStatement(sql: """
                INSERT INTO suggestion_classes (account_id, documents) VALUES (?, ?)
                ON CONFLICT (account_id) DO UPDATE SET documents = documents + excluded.documents
                """).execute(arguments: [accountID, delta])
            let upsert = try db.cachedStatement(sql: """
                INSERT INTO suggestion_features (account_id, feature, count) VALUES (?, ?, ?)
                ON CONFLICT (account_id, feature) DO UPDATE SET count = count + excluded.count
                """)
            for feature in features { try upsert.execute(arguments: [accountID, feature, delta]) }
            return
        }
        // SQLite checks CHECK constraints before an upsert's conflict, so unlearning updates.
        try db.cachedStatement(sql: "UPDATE suggestion_classes SET documents = documents + ? WHERE account_id = ?")
            .execute(arguments: [delta, accountID])
        let update = try db.cachedStatement(sql: "UPDATE suggestion_features SET count = count + ? WHERE account_id = ? AND feature = ?")
        for feature in features { try update.execute(arguments: [delta, accountID, feature]) }
        try db.cachedStatement(sql: "DELETE FROM suggestion_classes WHERE account_id = ? AND documents = 0").execute(arguments: [accountID])
        try db.cachedStatement(sql: "DELETE FROM suggestion_features WHERE account_id = ? AND count = 0").execute(arguments: [accountID])
    }

    /// What the suggester needs: documents and feature totals per category, the vocabulary size,
    /// and the counts of the query's own features only.
    func suggestionCounts(features: [String]) throws -> CategorySuggester.Counts {
        var documents: [String: Int64] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT account_id, documents FROM suggestion_classes") { documents[row[0]] = row[1] }
        var totals: [String: Int64] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT account_id, SUM(count) FROM suggestion_features GROUP BY account_id") {
            totals[row[0]] = row[1]
        }
        let vocabulary = try Int.fetchOne(db, sql: "SELECT COUNT(DISTINCT feature) FROM suggestion_features") ?? 0
        var counts: [String: [String: Int64]] = [:]
        let statement = try db.cachedStatement(sql: "SELECT account_id, count FROM suggestion_features WHERE feature = ?")
        for feature in Set(features) {
            for row in try Row.fetchAll(statement, arguments: [feature]) { counts[row[0], default: [:]][feature] = row[1] }
        }
        return CategorySuggester.Counts(documents: documents, totals: totals, vocabularySize: vocabulary, features: counts)
    }
}
