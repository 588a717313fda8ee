import GRDB
import KakeiboDomain
import KakeiboEventStore

extension Ledger {
    /// Events in log order, starting at `position`.
    public func events(from position: Int64 = 1, limit: Int = .max) throws -> [EventEnvelope] {
        try writer.read { db in
            var events: [EventEnvelope] = []
            let end = limit == .max ? Int64.max : position + Int64(limit) - 1
            try EventLog.forEach(from: position, through: end, in: db) { envelope, _, _ in events.append(envelope) }
            return events
        }
    }
}
