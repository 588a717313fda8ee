import GRDB
import KakeiboDomain
import KakeiboEventStore

extension Ledger {
    /// Appends events another replica sequenced, as they are (positions, hashes), and folds them
    /// incrementally through `LedgerSession` (catch-up first), in the caller's write transaction:
    /// the cost grows with the events given, not with the log (a device's pull, the server's
    /// replica of each push).
    ///
    /// Each event is judged before it is stored: by `EventAdmission` as its author saw the ledger
    /// when `authorSaw` is given, and by the fold's own admission check in any case. A refused one
    /// throws `ReplicationError.refused` with its position and the rule, and the caller's
    /// transaction rolls back. Events must follow the log's head link by link (the log's triggers
    /// and `appendVerbatim`'s hash check refuse anything else).
    public static func replicate(_ events: some Sequence<ReplicatedEvent>, in db: Database) throws {
        let session = try LedgerSession(db: db)
        try session.catchUp()
        for replicated in events {
            let position = replicated.envelope.position
            do {
                let event = try replicated.envelope.event()
                // The fold checks admission itself without `authorSaw`; only the author's view adds a rule.
                if let saw = replicated.authorSaw {
                    try EventAdmission.check(event, against: session.store, authorSaw: saw)
                }
                try session.appendReplicated(replicated, event: event)
            } catch let error as LedgerError {
                throw ReplicationError.refused(position: position, error)
            }
        }
        try session.finish()
    }

    /// Drops the log after `position` (an unsynced tail being rebased onto the sequencer's order)
    /// and brings the projections back in step, in the caller's write transaction.
    ///
    /// The projections are folded again from the first event: a fold cannot be undone, and the
    /// projection keeps no snapshot to go back to, so an incremental way back is not possible. Measured
    /// with `Tests/Postgres/sync-figures.sh` on a 110,005-event ledger (release, this shared 2-core
    /// machine, load 2-5): a sync that rebases one pending event takes 1.6-3.4 s, against 0.06-0.08 s for
    /// one that only pulls (no truncation, no refold).
    public static func truncateLog(after position: Int64, in db: Database) throws {
        guard try EventLog.truncate(after: position, in: db) > 0 else { return }
        try ProjectionRebuilder.rebuild(from: db, into: db)
    }
}
