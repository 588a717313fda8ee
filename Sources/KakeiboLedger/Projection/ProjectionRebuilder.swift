import GRDB
import KakeiboEventStore
import KakeiboProjections

/// Rebuilds projections from the log through the same fold the live path uses.
enum ProjectionRebuilder {
    /// The projection tables, children before parents so deletes respect foreign keys.
    static let tables = ["suggestion_features", "suggestion_classes", "budget_definitions", "income_goals", "balances", "postings", "transactions", "categories", "accounts", "ledger_settings", "projection_checkpoints"]

    /// Empties `target`'s projection tables and folds `source`'s events into them, streaming.
    static func rebuild(from source: Database, into target: Database, through end: Int64? = nil,
                        progress: (_ done: Int64, _ total: Int64) -> Void = { _, _ in }) throws {
        for table in tables { try target.execute(sql: "DELETE FROM \(table)") }
        let store = SQLiteProjectionStore(db: target)
        let total = min(end ?? .max, try EventLog.head(in: source).position)
        var done: Int64 = 0
        try EventLog.forEach(through: end, in: source) { envelope, _, _ in
            try LedgerProjector.apply(envelope, to: store)
            done += 1
            if done % 10_000 == 0 { progress(done, total) }
        }
        try store.flushBalances()
        try store.flushSuggestions()
        try store.setCheckpoint(done)
        progress(done, total)
    }
}
