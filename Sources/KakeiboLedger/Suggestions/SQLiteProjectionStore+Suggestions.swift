import GRDB
import KakeiboDomain
import KakeiboProjections

// The suggestion projection (Migrations/0004, 0007): counts per category and feature. Rows that reach
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

    /// Writes the pending counts, and keeps the per-category totals and the vocabulary size
    /// (Migrations/0007) in step with them, so a read never sums the feature table. Every query
    /// is a lookup by key or through the index on `feature`.
    func flushSuggestions() throws {
        let pending = cache.pendingSuggestions.filter { $0.value != 0 }
        cache.pendingSuggestions = [:]
        guard !pending.isEmpty else { return }
        cache.suggestionTotals = nil
        var documents: [String: Int64] = [:], totals: [String: Int64] = [:]
        var byFeature: [String: [(account: String, delta: Int64)]] = [:]
        for (key, delta) in pending {
            guard let feature = key.feature else { documents[key.account, default: 0] += delta; continue }
            byFeature[feature, default: []].append((key.account, delta))
            totals[key.account, default: 0] += delta
        }
        let features = try SuggestionCounter(db, table: "suggestion_features", key: ["account_id", "feature"], value: "count")
        let known = try db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM suggestion_features WHERE feature = ?)")
        // A rebuild flushes once into an empty table (its indexes dropped): nothing was known before,
        // and a feature is known after when some category's count of it went up.
        let wasEmpty = try !(Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM suggestion_features)") ?? false)
        var vocabulary: Int64 = 0
        for (feature, changes) in byFeature.sorted(by: { $0.key < $1.key }) {
            let before = wasEmpty ? false : try Bool.fetchOne(known, arguments: [feature]) ?? false
            for change in changes.sorted(by: { $0.account < $1.account }) {
                try features.add(change.delta, at: [change.account, feature])
            }
            let after = wasEmpty ? changes.contains { $0.delta > 0 } : try Bool.fetchOne(known, arguments: [feature]) ?? false
            vocabulary += (after ? 1 : 0) - (before ? 1 : 0)
        }
        let classes = try SuggestionCounter(db, table: "suggestion_classes", key: ["account_id"], value: "documents")
        for (account, delta) in documents.sorted(by: { $0.key < $1.key }) { try classes.add(delta, at: [account]) }
        let categoryTotals = try SuggestionCounter(db, table: "suggestion_totals", key: ["account_id"], value: "features")
        for (account, delta) in totals.sorted(by: { $0.key < $1.key }) { try categoryTotals.add(delta, at: [account]) }
        try SuggestionCounter(db, table: "suggestion_vocabulary", key: ["id"], value: "size").add(vocabulary, at: [1])
    }

    /// Set by Migrations/0004 on a ledger that had events before suggestions existed.
    static let backfillMarker = "suggestions-backfill"

    func needsSuggestionBackfill() throws -> Bool {
        try Int.fetchOne(db, sql: "SELECT 1 FROM projection_checkpoints WHERE projection = ?", arguments: [Self.backfillMarker]) != nil
    }

    /// Empties every suggestion count, for a backfill to relearn them.
    func clearSuggestionCounts() throws {
        for table in ["suggestion_features", "suggestion_classes", "suggestion_totals", "suggestion_vocabulary"] {
            try db.execute(sql: "DELETE FROM \(table)")
        }
        cache.pendingSuggestions = [:]
        cache.suggestionTotals = nil
    }

    /// Learns every live transaction from the transactions projection through the same rule the
    /// fold uses (`SuggestionLearning`), which is what a replay would learn, since voids and edits
    /// unlearn exactly what they replace; then clears the marker. Streams: one transaction at a time.
    func backfillSuggestions() throws {
        try clearSuggestionCounts()
        let ids = try String.fetchCursor(db, sql: "SELECT txn_id FROM transactions WHERE is_voided = 0 ORDER BY first_position")
        while let id = try ids.next() {
            guard let transaction = try transaction(id: id) else { continue }
            try SuggestionLearning.learn(transaction, delta: 1, into: self)
        }
        try flushSuggestions()
        try db.execute(sql: "DELETE FROM projection_checkpoints WHERE projection = ?", arguments: [Self.backfillMarker])
    }

    private func suggestionTotals() throws -> (documents: [String: Int64], totals: [String: Int64], vocabulary: Int) {
        if let cached = cache.suggestionTotals { return cached }
        // One row per category, and one row: their size does not grow with the log.
        var documents: [String: Int64] = [:]
        for row in try Row.fetchAll(db.cachedStatement(sql: "SELECT account_id, documents FROM suggestion_classes")) { documents[row[0]] = row[1] }
        var totals: [String: Int64] = [:]
        for row in try Row.fetchAll(db.cachedStatement(sql: "SELECT account_id, features FROM suggestion_totals")) { totals[row[0]] = row[1] }
        let vocabulary = try Int.fetchOne(db.cachedStatement(sql: "SELECT size FROM suggestion_vocabulary WHERE id = 1")) ?? 0
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

/// Adds signed deltas to one counter column of a suggestion table. SQLite checks CHECK
/// constraints before an upsert's conflict clause, so decreases are plain updates; a row that
/// reaches zero is deleted, so a capture followed by its void leaves the table as it was.
private struct SuggestionCounter {
    let add: Statement, subtract: Statement, deleteZero: Statement

    init(_ db: Database, table: String, key: [String], value: String) throws {
        let columns = key.joined(separator: ", ")
        let match = key.map { "\($0) = ?" }.joined(separator: " AND ")
        add = try db.cachedStatement(sql: """
            INSERT INTO \(table) (\(columns), \(value)) VALUES (\(Array(repeating: "?", count: key.count + 1).joined(separator: ", ")))
            ON CONFLICT (\(columns)) DO UPDATE SET \(value) = \(value) + excluded.\(value)
            """)
        subtract = try db.cachedStatement(sql: "UPDATE \(table) SET \(value) = \(value) + ? WHERE \(match)")
        deleteZero = try db.cachedStatement(sql: "DELETE FROM \(table) WHERE \(match) AND \(value) = 0")
    }

    func add(_ delta: Int64, at key: [any DatabaseValueConvertible]) throws {
        if delta > 0 {
            try add.execute(arguments: StatementArguments(key + [delta]))
        } else if delta < 0 {
            try subtract.execute(arguments: StatementArguments([delta] + key))
            try deleteZero.execute(arguments: StatementArguments(key))
        }
    }
}
