import Foundation
import GRDB

extension ChainVerifier {
    /// Checks the last event only: it follows its predecessor's position and hash, and its own
    /// hash is the hash of its content. Constant cost, so every write can afford it before it
    /// links a new event to a head that was tampered with; `verify` checks the whole chain.
    public static func verifyHead(in db: Database) throws -> ChainProblem? {
        let rows = try Row.fetchAll(db, sql: "SELECT \(EventLog.columns) FROM events ORDER BY position DESC LIMIT 2")
        guard let last = rows.first else { return nil }
        let position: Int64 = last[0]
        var previous = EventHasher.genesis
        if rows.count > 1 {
            let before: Int64 = rows[1][0]
            guard before == position - 1 else {
                return ChainProblem(position: before + 1, reason: "event missing (the next stored position is \(position))")
            }
            previous = Array(rows[1][15] as Data)
        } else if position != 1 {
            return ChainProblem(position: 1, reason: "event missing (the next stored position is \(position))")
        }
        if case .failure(let problem) = try check(last, position: position, previous: previous) { return problem }
        return nil
    }
}
