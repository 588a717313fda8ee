import GRDB
import KakeiboDomain
import KakeiboEventStore

extension ProjectionRebuilder {
    /// Checks the whole hash chain and folds it in one read of the log: what `checkIntegrity(…,
    /// wholeChain: true)` followed by a rebuild did in two.
    ///
    /// The rows are read in batches on this thread (which owns `db`); another core checks each
    /// batch — position, link, hash, canonical payload, accounting — and decodes its events, at
    /// most two batches ahead of `body`, which folds them here. The outcome is the two-pass one:
    /// a problem in the chain refuses `action` with `tamperedLog` even when the fold failed on an
    /// earlier event (the fold's error is kept until the whole chain has checked out), and the
    /// caller's transaction rolls back whatever was folded.
    static func forEachVerifiedEvent(before action: String, in db: Database,
                                     _ body: (_ position: Int64, _ recordedAt: Int64, _ event: LedgerEvent) throws -> Void) throws {
        let check = ChainCheck()
        let checker = OrderedBackgroundWork<RawEventBatch, VerifiedEvents>(depth: 2) { check($0) }
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
        try EventLog.forEachRawBatch(.envelope, in: db) { batch in
            if let ready = checker.submit(batch) { try deliver(ready) }
        }
        while let ready = checker.next() { try deliver(ready) }
        if let problem = try ChainVerifier.brokenStreamProblem(in: db) {
            throw EventStoreError.tamperedLog(refusing: action, problem: .badEvent(position: problem.position, reason: problem.reason))
        }
        if let foldFailure { throw foldFailure }
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
