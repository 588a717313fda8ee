import GRDB
import KakeiboDomain
import KakeiboEventStore

extension Ledger {
    /// The event store owns the names (`EventLogTrigger`); `verify` and every write check them.
    static let appendOnlyTriggers = EventLogTrigger.all

    /// Recomputes the hash chain, checks every transaction balances, checks the append-only
    /// triggers are in place, compares the projections with a replay (which runs `EventAdmission`
    /// on every event, so one that may not follow the state before it is named by position) and
    /// takes the trial balance of the projections.
    public func verify(expecting digest: ChainDigest? = nil) throws -> VerificationReport {
        let (chain, missing, unbalanced) = try writer.read { db in
            let chain = try ChainVerifier.verify(in: db, expecting: digest, visit: Self.accountingProblem)
            let present = try Set(String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger'"))
            return (chain, Self.appendOnlyTriggers.filter { !present.contains($0) }, try Self.trialBalance(in: db))
        }
        // Replaying a log that failed to verify would only repeat its error. A replay that stops
        // at an event (a posting on an account never opened, a balance past Int64) is a problem of
        // the log, at that position.
        var problem = chain.problem
        var differences: [String] = []
        if problem == nil {
            do {
                differences = try replayDifferences()
            } catch LedgerError.unfoldableEvent(let position, let reason) {
                problem = ChainProblem(position: position, reason: reason)
            }
        }
        return VerificationReport(eventCount: chain.eventCount, head: chain.head, logProblem: problem,
                                  missingTriggers: missing, projectionDifferences: differences, unbalancedBooks: unbalanced)
    }

    /// Every event decodes, and every transaction it records or edits balances per currency.
    static func accountingProblem(_ envelope: EventEnvelope) -> ChainProblem? {
        let event: LedgerEvent
        do { event = try envelope.event() } catch { return ChainProblem(position: envelope.position, reason: "\(error)") }
        return accountingProblem(envelope, event: event)
    }

    /// `accountingProblem(_:)` for an event already decoded from `envelope`.
    static func accountingProblem(_ envelope: EventEnvelope, event: LedgerEvent) -> ChainProblem? {
        func problem(_ reason: String) -> ChainProblem { ChainProblem(position: envelope.position, reason: reason) }
        guard event.stream == envelope.stream else { return problem("event filed under the wrong stream \(envelope.stream)") }
        var postings: [Posting] = []
        switch event {
        case .transactionRecorded(let e): postings = e.postings
        case .expenseCaptured(let e), .incomeRecorded(let e), .transferMade(let e):
            if e.amount.isZero { return problem("zero amount") }
        case .transactionEdited(let e):
            for change in e.changes where change.field == .postings {
                do { postings = try [Posting](json: change.after) } catch { return problem("\(error)") }
            }
        default: break
        }
        do {
            let imbalances = try postings.imbalances()
            if !imbalances.isEmpty {
                return problem("transaction does not balance: " + imbalances.map(\.description).joined(separator: ", "))
            }
        } catch {
            return problem("\(error)")
        }
        return nil
    }
}
