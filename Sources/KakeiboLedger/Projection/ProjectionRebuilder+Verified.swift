import GRDB
import KakeiboDomain
import KakeiboEventStore

extension ProjectionRebuilder {
    /// Checks the whole hash chain and folds it in one read of the log: what `checkIntegrity(…,
    /// wholeChain: true)` followed by a rebuild did in two.
    ///
    /// Another core checks each batch of rows — position, link, hash, canonical payload,
    /// accounting — and decodes its events, at most two batches ahead of `body`, which folds them
    /// on this thread (which owns `db`). With `snapshot`, that core also reads the rows, through
    /// its own connection, so this thread only folds and writes: see `readVerifiedEvents`.
    /// `first` runs on this thread before the first event, once the reading has started.
    /// The outcome is the two-pass one: a problem in the chain refuses `action` with
    /// `tamperedLog` even when the fold failed on an earlier event (the fold's error is kept until
    /// the whole chain has checked out), and the caller's transaction rolls back whatever was folded.
    static func forEachVerifiedEvent(before action: String, in db: Database, snapshot: DatabasePool? = nil,
                                     first: () throws -> Void = {},
                                     _ body: (_ position: Int64, _ recordedAt: Int64, _ event: LedgerEvent) throws -> Void) throws {
        var foldFailure: (any Error)?
        func deliver(_ verified: VerifiedEvents) throws {
            if foldFailure == nil {
                do {
                    for event in verified.events { try body(event.position, event.recordedAt, event.event) }
                } catch {
                    foldFailure = error
                }
            }
            if let problem = verified.problem {
                throw EventStoreError.tamperedLog(refusing: action, problem: .badEvent(position: problem.position, reason: problem.reason))
            }
        }
        if let snapshot {
            let handoff = BoundedHandoff<VerifiedEvents>(depth: 2)
            // `read` returns once its transaction has ended, so when `abandon` or the last `take`
            // returns no read transaction is left open to hold back the checkpoint after the commit.
            handoff.produceOnAnotherThread { try snapshot.read { db in try readVerifiedEvents(from: db, into: handoff) } }
            defer { handoff.abandon() }
            try first()
            while let verified = try handoff.take() { try deliver(verified) }
        } else {
            try first()
            let check = ChainCheck()
            let checker = OrderedBackgroundWork<RawEventBatch, VerifiedEvents>(depth: 2) { check($0) }
            try EventLog.forEachRawBatch(.envelope, in: db) { batch in
                if let ready = checker.submit(batch) { try deliver(ready) }
            }
            while let ready = checker.next() { try deliver(ready) }
            if let problem = try ChainVerifier.brokenStreamProblem(in: db) { try deliver(VerifiedEvents(problem: problem)) }
        }
        if let foldFailure { throw foldFailure }
    }

    /// The reading side of a rebuild on two connections, on the snapshot's own thread: reads,
    /// checks and decodes the log batch by batch, then checks the streams, handing each result over.
    ///
    /// The caller holds the write lock (its immediate transaction began before this read), so no
    /// commit can land between the two: this read transaction sees exactly the events the writing
    /// connection sees. Measured on a 1M-event ledger, reading the 1.1 GB events table was a
    /// third of the folding thread's time when both ran on it.
    private static func readVerifiedEvents(from db: Database, into handoff: BoundedHandoff<VerifiedEvents>) throws {
        // A one-pass scan gains nothing from a big page cache; the writer's 64 MiB stays the only
        // one, so peak memory stays where a one-connection rebuild had it.
        try db.withPageCache(kibibytes: 2048) {
            // Checked first, while the folding thread empties the projection tables, not last, when
            // it would wait for it (0.5-1 s on a 1M-event log); still reported after every event.
            let streamProblem = try ChainVerifier.brokenStreamProblem(in: db)
            struct ChainBroken: Error {}
            let check = ChainCheck()
            do {
                try EventLog.forEachRawBatch(.envelope, in: db) { batch in
                    let verified = check(batch)
                    try handoff.put(verified)
                    // The consumer stops at the first problem, so reading on would be wasted.
                    if verified.problem != nil { throw ChainBroken() }
                }
            } catch is ChainBroken {
                return
            }
            if let streamProblem { try handoff.put(VerifiedEvents(problem: streamProblem)) }
        }
    }

    /// A batch's events that checked out, and the chain's first problem if it is in this batch.
    struct VerifiedEvents: Sendable {
        var events: [(position: Int64, recordedAt: Int64, event: LedgerEvent)] = []
        var problem: ChainProblem?
    }

    /// The checker's state between batches; used only on the checker's thread, one batch at a time.
    final class ChainCheck: @unchecked Sendable {
        private var cursor = ChainVerifier.Cursor()
        private var broken = false

        func callAsFunction(_ batch: RawEventBatch) -> VerifiedEvents {
            var verified = VerifiedEvents()
            guard !broken else { return verified }
            verified.events.reserveCapacity(batch.count)
            batch.forEachRow { row in
                guard verified.problem == nil else { return }
                switch cursor.check(row) {
                case .failure(let problem):
                    verified.problem = problem
                case .success(let envelope):
                    let event: LedgerEvent
                    do {
                        event = try envelope.event()
                    } catch {
                        verified.problem = ChainProblem(position: envelope.position, reason: "\(error)")
                        return
                    }
                    if let problem = Ledger.accountingProblem(envelope, event: event) {
                        verified.problem = problem
                    } else {
                        verified.events.append((envelope.position, envelope.recordedAt, event))
                    }
                }
            }
            if verified.problem != nil { broken = true }
            return verified
        }
    }
}
