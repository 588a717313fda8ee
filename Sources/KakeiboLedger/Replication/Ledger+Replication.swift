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
    ///
    /// `unsynced`: the events are this file's own, put back after the server's and not yet synced,
    /// so the undo of their fold is kept for a later rebase (`ProjectionUndo`).
    public static func replicate(_ events: some Sequence<ReplicatedEvent>, unsynced: Bool = false, in db: Database) throws {
        let session = try LedgerSession(db: db, keepingUndo: unsynced)
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

    /// How `truncateLog` brought the projections back in step.
    public enum Truncation: Equatable, Sendable {
        /// Nothing was after the position.
        case nothing
        /// The kept undo of the dropped events' folds was applied (`ProjectionUndo`): the cost of those events.
        case undone
        /// The projections were folded again from the first event: the cost of the whole log.
        case refolded
    }

    /// Drops the log after `position` (an unsynced tail being rebased onto the sequencer's order)
    /// and brings the projections back in step, in the caller's write transaction.
    ///
    /// When the writes that folded the dropped events kept their undo (a file that syncs, `ProjectionUndo`),
    /// it is applied newest first, and the cost is what those events changed. Otherwise (a file that had
    /// not synced when they were recorded, a Kakeibo before migration 0026, a row not as the undo expects)
    /// the projections are folded again from the first event, as every rebase did before. Measured with
    /// `Tests/Postgres/sync-figures.sh` on a 100k-event ledger (release, load ~8): a sync that rebased one
    /// event took 8.4 s, 7.84 s of it this fold.
    @discardableResult
    public static func truncateLog(after position: Int64, in db: Database) throws -> Truncation {
        let head = try EventLog.head(in: db).position
        guard head > position else { return .nothing }
        let undone = try ProjectionUndo.rollBack(to: position, head: head, in: db)
        try EventLog.truncate(after: position, in: db)
        try ProjectionUndo.forget(after: position, in: db)
        guard !undone else { return .undone }
        try ProjectionRebuilder.rebuild(from: db, into: db)
        return .refolded
    }

    /// Forgets the kept undo of writes at or before `position`: a sync moved the synced position
    /// there, and no rebase goes back past it.
    public static func forgetUndo(through position: Int64, in db: Database) throws {
        try ProjectionUndo.forget(through: position, in: db)
    }
}
