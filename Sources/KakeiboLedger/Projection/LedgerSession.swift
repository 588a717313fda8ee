import GRDB
import KakeiboDomain
import KakeiboEventStore
import KakeiboProjections

/// One write transaction's hold on the ledger: the log's head, the projection store, and the
/// steps that keep the two in step. Recording a command, catching up after an upgrade and a full
/// rebuild all go through it, so "catch up → apply → finish" is written here and nowhere else.
///
/// Not Sendable: it lives as long as one database access, like the store it owns.
final class LedgerSession {
    let db: Database
    /// What the decider reads and the fold writes, with its per-access caches.
    let store: SQLiteProjectionStore
    /// The log's last position and hash after this session's last append; nil until it appends
    /// (the first append reads it from the log, the following ones reuse it).
    private var head: EventLog.LogHead?
    /// The last position folded into the projection, and the one its checkpoint says.
    private var projected: Int64
    private var checkpointed: Int64?
    /// Records this session's projection changes when it folds unsynced events on a file that
    /// syncs (`ProjectionUndo`), and the last position whose undo is kept.
    private var undo: ChangeRecorder?
    private var undoneThrough: Int64 = 0

    /// A session over a projection whose checkpoint is read from `db`. With `keepingUndo` (the
    /// events it folds are this file's own, not yet synced) and a file that syncs, `finish` keeps
    /// the undo of what it changed, so a rebase can drop them without folding the log again.
    init(db: Database, keepingUndo: Bool = false) throws {
        self.db = db
        store = SQLiteProjectionStore(db: db)
        projected = try store.checkpoint()
        checkpointed = projected
        if keepingUndo, try ProjectionUndo.isKept(in: db) {
            undo = try ChangeRecorder(db: db, tables: ProjectionUndo.tables)
            undoneThrough = projected
        }
    }

    /// A session that folds the log into emptied projection tables (a rebuild): nothing is
    /// projected yet and no checkpoint is stored, so `finish` writes one even for an empty log.
    init(rebuildingInto db: Database) {
        self.db = db
        store = SQLiteProjectionStore(db: db)
        projected = 0
        checkpointed = nil
    }

    // MARK: - Catch-up, apply, finish

    /// Projects the events the projection has not seen (after an upgrade, or after a sync wrote
    /// events without folding them), then finishes, so the decisions that follow read them.
    ///
    /// An event the fold refuses here (a sync by an older kakeibo wrote it unfolded) is named by its
    /// position, as `replay` and `verify` name it, so the refused command says where the log went wrong.
    func catchUp() throws {
        guard try EventLog.head(in: db).position > projected else { return }
        try EventLog.forEachEvent(from: projected + 1, in: db) { position, recordedAt, event in
            do {
                try apply(event, at: position, recordedAt: recordedAt)
            } catch let error as LedgerError {
                throw LedgerError.unfoldableEvent(position: position, reason: String(describing: error))
            }
        }
        try finish()
    }

    /// Folds one event into the projection.
    func apply(_ event: LedgerEvent, at position: Int64, recordedAt: Int64) throws {
        try LedgerProjector.apply(event, at: position, recordedAt: recordedAt, to: store)
        projected = position
    }

    /// Appends a decision's events under `eventIDs` and folds them. The caller has made the
    /// idempotency check (`EventLog.recordedCommand`) and minted the ids, so the log does neither.
    func append(_ decision: Decision, eventIDs: [String], metadata: AppendMetadata) throws -> [EventEnvelope] {
        let events = zip(decision.events, eventIDs).map { event, id in
            NewEvent(eventID: id, stream: event.stream, type: event.type, schemaVersion: event.schemaVersion,
                     occurredOn: event.occurredOn, payload: event.payload)
        }
        guard case .appended(let envelopes) = try EventLog.append(events, metadata: metadata, expecting: decision.expectedVersions,
                                                                  head: &head, checked: true, in: db) else {
            preconditionFailure("a checked append with fresh ids always appends")
        }
        for (event, envelope) in zip(decision.events, envelopes) {
            try apply(event, at: envelope.position, recordedAt: envelope.recordedAt)
        }
        return envelopes
    }

    /// Appends an event another replica sequenced, as it is (position, hashes, payload text), and
    /// folds it: sync's half of the pipeline, beside `append`'s. The log's triggers refuse an event
    /// that does not follow its head; the fold refuses one that may not follow the state (admission).
    /// `event` is `replicated`'s decoded payload, and `authorSaw` has already been judged by the caller.
    func appendReplicated(_ replicated: ReplicatedEvent, event: LedgerEvent) throws {
        let envelope = replicated.envelope
        try EventLog.appendVerbatim(envelope, payload: replicated.payload, previousHash: replicated.previousHash,
                                    hash: replicated.hash, in: db)
        head = EventLog.LogHead(position: envelope.position, hash: replicated.hash)
        try apply(event, at: envelope.position, recordedAt: envelope.recordedAt)
    }

    /// Writes the suggestion counts gathered so far, before a decision that reads them: earlier
    /// entries of the same batch teach the suggester, and a batch that never asks flushes once.
    func flushSuggestions() throws {
        try store.flushSuggestions()
    }

    /// Writes what the session kept in memory (balances, suggestion counts) and moves the
    /// checkpoint to the last position folded. Every write path calls it before it commits.
    func finish() throws {
        try store.flushBalances()
        try store.flushSuggestions()
        if projected != checkpointed {
            try store.setCheckpoint(projected)
            checkpointed = projected
        }
        if let undo, let changeset = try undo.takeUndo() {
            try ProjectionUndo.keep(changeset, after: undoneThrough, through: projected, in: db)
            undoneThrough = projected
        }
    }
}
