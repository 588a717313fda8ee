import PostgresNIO

/// Fresh planner statistics after a ledger's log grows by a bulk load (an adopted file, a long offline push).
///
/// Why: PostgreSQL plans from statistics that only autovacuum refreshes, up to a minute later. On a table loaded by
/// an adoption and never analysed, the planner takes `ledger_id = $1` for a handful of rows and answers a push's
/// `event_id = ANY($2)` (500 ids) by reading every event of the ledger through another index: 75-300 ms a lookup on
/// 100,004 events, 0.36 ms once analysed (psql, EXPLAIN ANALYZE, this machine). Pushing 10,000 events right after an
/// adoption spent 2.7 s of its 6 s in three such lookups (`KAKEIBO_SYNC_TRACE`). The tree's nodes grow twice as fast.
///
/// So when a request takes a ledger's head past a power of two from 4,096 on, both tables are analysed on another
/// connection, after the request's commit and without holding up its reply; ANALYZE samples at most 30,000 rows, so each
/// costs about the same however long the log (0.1-0.6 s), and a ledger sees a few dozen in its life. It takes no lock an
/// append waits on. Run as the server's login role (the tables' owner; `kakeibo_app` may not analyse them).
extension ServerStore {
    func refreshStatistics(grownFrom before: Int64, to after: Int64) {
        guard after >= 4_096, before < after, (before.bitWidth - before.leadingZeroBitCount) < (after.bitWidth - after.leadingZeroBitCount) else { return }
        let (client, logger) = (client, logger)
        Task.detached(priority: .background) {
            do {
                _ = try await client.withConnection { connection in
                    try await connection.query("ANALYZE kakeibo_events, kakeibo_tree_nodes", logger: logger)
                }
            } catch {
                logger.notice("could not refresh the planner's statistics: \(String(reflecting: error))")
            }
        }
    }
}
