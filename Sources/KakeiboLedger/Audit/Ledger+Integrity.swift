import GRDB
import KakeiboEventStore

extension Ledger {
    /// Refuses `action` on a log that fails verification, or whose append-only triggers are gone.
    ///
    /// A replay makes the projections agree with the log, so on a tampered log it would erase
    /// the evidence the projections still hold; a write would chain a new event to a forgery.
    /// The whole chain is read for a replay (which reads every event anyway); a write checks the
    /// triggers and the head event only, so its cost does not grow with the log.
    static func checkIntegrity(before action: String, wholeChain: Bool, in db: Database) throws {
        try checkTriggers(before: action, in: db)
        let problem = wholeChain ? try ChainVerifier.verify(in: db, visit: accountingProblem).problem : try ChainVerifier.verifyHead(in: db)
        if let problem {
            throw EventStoreError.tamperedLog(refusing: action, problem: .badEvent(position: problem.position, reason: problem.reason))
        }
    }

    /// Refuses `action` when the append-only triggers are gone: the first of `checkIntegrity`'s checks.
    static func checkTriggers(before action: String, in db: Database) throws {
        let present = try Set(String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'trigger'"))
        let missing = appendOnlyTriggers.filter { !present.contains($0) }
        guard missing.isEmpty else { throw EventStoreError.tamperedLog(refusing: action, problem: .missingTriggers(missing)) }
    }

    /// The whole-chain check, in a read transaction: `replay --check` runs it before comparing.
    public func checkIntegrity(before action: String) throws {
        try writer.read { db in try Self.checkIntegrity(before: action, wholeChain: true, in: db) }
    }
}
