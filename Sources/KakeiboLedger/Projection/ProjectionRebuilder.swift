import GRDB
import KakeiboDomain
import KakeiboEventStore
import KakeiboProjections

/// Rebuilds projections from the log through the same fold the live path uses.
enum ProjectionRebuilder {
    /// The projection tables, children before parents so deletes respect foreign keys.
    static let tables = ["transaction_conflicts", "account_aliases", "account_conflicts", "suggestion_item_words", "suggestion_receipt_words", "suggestion_outcomes", "suggestion_features", "suggestion_classes", "suggestion_totals", "suggestion_vocabulary", "budget_definitions", "income_goals", "virtual_postings", "posting_details", "prices", "commodities", "unconstrained_accounts", "balances", "postings", "transactions", "categories", "accounts", "ledger_settings", "projection_checkpoints"]

    /// Empties `target`'s projection tables and folds `source`'s events into them, streaming.
    ///
    /// With `verifyingChainBefore: action` the whole hash chain is checked in the same read of
    /// the log (`forEachVerifiedEvent`), and a problem refuses `action`; `end` must then be nil.
    static func rebuild(from source: Database, into target: Database, through end: Int64? = nil,
                        verifyingChainBefore action: String? = nil,
                        progress: (_ done: Int64, _ total: Int64) -> Void = { _, _ in }) throws {
        for table in tables { try target.execute(sql: "DELETE FROM \(table)") }
        // Secondary indexes are cheaper to build once, sorted, than to keep up row by row.
        // Their SQL is read back from the schema, so Migrations/ stays the only place it is written.
        let indexes = try Row.fetchAll(target, sql: """
            SELECT name, sql FROM sqlite_master
            WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (\(tables.map { "'\($0)'" }.joined(separator: ", ")))
            """)
        for index in indexes { try target.execute(sql: "DROP INDEX \(index["name"] as String)") }
        let session = LedgerSession(rebuildingInto: target)
        let total = min(end ?? .max, try EventLog.head(in: source).position)
        var done: Int64 = 0
        func events(_ body: (Int64, Int64, LedgerEvent) throws -> Void) throws {
            if let action {
                precondition(end == nil, "a verified rebuild reads the whole log")
                try forEachVerifiedEvent(before: action, in: source, body)
            } else {
                try EventLog.forEachEvent(through: end, in: source, body)
            }
        }
        try events { position, recordedAt, event in
            // An event the fold refuses (a balance past Int64) is named by its position, so
            // `replay` and `verify` can say where the log went wrong.
            do {
                try session.apply(event, at: position, recordedAt: recordedAt)
            } catch {
                throw LedgerError.unfoldableEvent(position: position, reason: String(describing: error))
            }
            done += 1
            if done % 10_000 == 0 && done < total { progress(done, total) }
        }
        try session.finish()
        for index in indexes { try target.execute(sql: index["sql"]) }
        progress(done, total)
    }
}
