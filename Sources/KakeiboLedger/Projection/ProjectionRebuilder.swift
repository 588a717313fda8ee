import GRDB
import KakeiboDomain
import KakeiboEventStore
import KakeiboProjections

/// Rebuilds projections from the log through the same fold the live path uses.
enum ProjectionRebuilder {
    /// The projection tables, children before parents so deletes respect foreign keys.
    static let tables = ["balance_assertions", "lot_disposals", "lots", "account_bookings", "posting_marks", "transaction_marks", "transaction_conflicts", "account_aliases", "account_conflicts", "suggestion_item_words", "suggestion_receipt_words", "suggestion_outcomes", "suggestion_features", "suggestion_classes", "suggestion_totals", "suggestion_vocabulary", "budget_definitions", "income_goals", "virtual_postings", "posting_details", "price_recordings", "prices", "commodities", "unconstrained_accounts", "balances", "postings", "transactions", "categories", "accounts", "ledger_settings", "projection_checkpoints", "merkle_nodes"]

    /// The ledger file's tables that are not projections, so a rebuild leaves them alone: the log itself,
    /// GRDB's record of migrations, and sync's cursor and pending state (the server's, not a fold of the log).
    /// `ProjectionTableListTests` checks that every table of a new ledger is in `tables` or here, so a
    /// migration's new table cannot be missed by replay (the list was kept by hand and never checked, issue 35).
    /// `projection_undo` holds changesets that undo unsynced folds (`ProjectionUndo`): a replay rebuilds the
    /// same rows, so they stay valid, and comparing them with a replay's (none) would report a difference.
    static let notProjections = ["events", "grdb_migrations", "sync_state", "projection_undo"]

    /// SQLite's page cache, in KiB, on the connection a rebuild folds into (replay, sync's rebase,
    /// `replay --check`'s scratch file). The fold appends to the right edge of each projection
    /// B-tree and seldom comes back to a page, so a big cache only holds pages that are spilled to
    /// the WAL anyway. On the 1M-event household (`kakeibo replay`, release, three interleaved
    /// pairs): the connection's 64 MB 16.51 / 14.33 / 15.82 s, 2 MB 14.65 / 13.32 / 15.46 s, and
    /// the peak fell from 125 MB to 58 MB; 1, 4, 8 and 16 MB were no faster than 2.
    static let foldCacheKiB = 2_048

    /// Empties `target`'s projection tables and folds `source`'s events into them, streaming.
    ///
    /// With `verifyingChainBefore: action` the whole hash chain is checked in the same read of
    /// the log (`forEachVerifiedEvent`), and a problem refuses `action`; `end` must then be nil.
    /// `snapshot`, the pool `source` belongs to, lets that read run on another connection and core.
    static func rebuild(from source: Database, into target: Database, through end: Int64? = nil,
                        verifyingChainBefore action: String? = nil, snapshot: DatabasePool? = nil,
                        progress: (_ done: Int64, _ total: Int64) -> Void = { _, _ in }) throws {
        // The secondary indexes are kept up row by row, not dropped and built again in one sort
        // at the end: their keys arrive nearly in order (an account's postings by time-ordered
        // transaction id, transactions by date), so each insert lands on a page already in the
        // cache. On a 1M-event ledger re-creating them took 4.2 s of CPU (of about 16 s on the
        // folding thread) after the fold, alone on one core, and the sort lifted peak memory from
        // 125 MB to 186 MB; kept up, they cost less than that inside the fold.
        func emptyTables() throws {
            for table in tables { try target.execute(sql: "DELETE FROM \(table)") }
        }
        try target.withPageCache(kibibytes: foldCacheKiB) {
            let session = LedgerSession(rebuildingInto: target)
            let total = min(end ?? .max, try EventLog.head(in: source).position)
            var done: Int64 = 0
            func events(_ body: (Int64, Int64, LedgerEvent) throws -> Void) throws {
                if let action {
                    precondition(end == nil, "a verified rebuild reads the whole log")
                    // The tables are emptied while the other core starts reading the log.
                    try forEachVerifiedEvent(before: action, in: source, snapshot: snapshot, first: emptyTables, body)
                } else {
                    try emptyTables()
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
            // The Merkle tree (issue 34) is the one projection of the chain hashes, not of the events.
            try MerkleNodeStore.rebuild(from: source, into: target, through: end)
            progress(done, total)
        }
    }
}
