import Foundation
import GRDB
import KakeiboDomain

/// A problem found in the log, at the first position where it shows.
public struct ChainProblem: Error, Hashable, Sendable, CustomStringConvertible {
    public var position: Int64
    public var reason: String
    public init(position: Int64, reason: String) {
        self.position = position
        self.reason = reason
    }
    public var description: String { "position \(position): \(reason)" }
}

/// Recomputes the hash chain from the first event, streaming, and checks the log's structure.
public enum ChainVerifier {
    public struct Report: Sendable {
        public var eventCount: Int64
        public var head: ChainDigest
        public var problem: ChainProblem?
    }

    /// Checks positions are gapless, each event links to its predecessor, each stored hash is
    /// the hash of its content, and stream versions are contiguous. `visit` sees every event
    /// whose link checked out, so callers can check more (accounting) in the same pass.
    public static func verify(in db: Database, expecting digest: ChainDigest? = nil,
                              visit: (EventEnvelope) throws -> ChainProblem? = { _ in nil }) throws -> Report {
        var expectedPosition: Int64 = 1
        var previous = EventHasher.genesis
        var problem: ChainProblem?
        var digestSeen = false
        let sql = "SELECT \(EventLog.columns) FROM events ORDER BY position"
        let rows = try Row.fetchCursor(db, sql: sql)
        while problem == nil, let row = try rows.next() {
            let position: Int64 = row[0]
            guard position == expectedPosition else {
                problem = ChainProblem(position: expectedPosition,
                                       reason: position > expectedPosition ? "event missing (the next stored position is \(position))"
                                                                         : "position out of order")
                break
            }
            let storedHash = Array(row[15] as Data)
            let envelope: EventEnvelope
            switch try check(row, position: position, previous: previous) {
            case .failure(let found): problem = found; continue // the loop ends at the first problem
            case .success(let checked): envelope = checked
            }
            if let digest, digest.position == position {
                digestSeen = true
                if digest.hash != storedHash {
                    problem = ChainProblem(position: position, reason: "hash differs from the saved digest \(digest)")
                    break
                }
            }
            problem = try visit(envelope)
            previous = storedHash
            expectedPosition += 1
        }
        let count = expectedPosition - 1
        if problem == nil, let digest, !digestSeen, digest.position != 0 {
            problem = ChainProblem(position: digest.position,
                                   reason: "the log ends at position \(count), before the saved digest: events were removed from the end")
        }
        if problem == nil, let stream = try brokenStream(in: db) {
            problem = stream
        }
        return Report(eventCount: count, head: ChainDigest(position: count, hash: previous), problem: problem)
    }

    /// Checks one stored event: it links to `previous`, its hash is the hash of its content, and
    /// its payload is canonical.
    static func check(_ row: Row, position: Int64, previous: [UInt8]) throws -> Result<EventEnvelope, ChainProblem> {
        let storedPrevious = Array(row[14] as Data)
        let storedHash = Array(row[15] as Data)
        guard storedPrevious == previous else {
            return .failure(ChainProblem(position: position,
                                         reason: "previous-hash link broken (an event before it was removed, reordered or rewritten)"))
        }
        let envelope: EventEnvelope
        do {
            envelope = try EventLog.decode(row)
        } catch {
            return .failure(ChainProblem(position: position, reason: "\(error)"))
        }
        let storedPayload = try row.withUnsafeData(atIndex: 13) { data in data.map { [UInt8]($0) } ?? [] }
        guard EventHasher.hash(previous: previous, envelope: envelope, payload: storedPayload) == storedHash else {
            return .failure(ChainProblem(position: position, reason: "content does not match its hash (the event was altered)"))
        }
        guard envelope.payload.canonicalBytes() == storedPayload else {
            return .failure(ChainProblem(position: position, reason: "payload is not in canonical form"))
        }
        return .success(envelope)
    }

    /// A stream whose versions are not 1…n, reported at its first event.
    private static func brokenStream(in db: Database) throws -> ChainProblem? {
        let row = try Row.fetchOne(db, sql: """
            SELECT stream, MIN(position) FROM events GROUP BY stream
            HAVING COUNT(*) <> MAX(stream_version) OR MIN(stream_version) <> 1
            ORDER BY MIN(position) LIMIT 1
            """)
        guard let row else { return nil }
        return ChainProblem(position: row[1], reason: "stream \(row[0] as String) has missing or repeated versions")
    }
}

extension ChainVerifier {
    /// `verify`'s per-event checks, one event at a time, for a caller that reads the log itself
    /// in batches (`EventLog.forEachRawBatch(.envelope, …)`) and checks them off its own thread.
    public struct Cursor: Sendable {
        /// The position the next event must have.
        public private(set) var expectedPosition: Int64 = 1
        /// The stored hash of the last event that checked out (the genesis hash before the first).
        public private(set) var previous = EventHasher.genesis

        public init() {}

        /// Checks the next stored event: its position follows the last, it links to it, its hash
        /// is the hash of its content and its payload is canonical. After a problem the chain is
        /// broken and the cursor does not move.
        public mutating func check(_ row: RawEventRow) -> Result<EventEnvelope, ChainProblem> {
            let position = row.position
            guard position == expectedPosition else {
                return .failure(ChainProblem(position: expectedPosition,
                                             reason: position > expectedPosition ? "event missing (the next stored position is \(position))"
                                                                               : "position out of order"))
            }
            let decoded: (envelope: EventEnvelope, payload: UnsafeBufferPointer<UInt8>, previousHash: [UInt8], hash: [UInt8])
            guard row.previousHash == previous else {
                return .failure(ChainProblem(position: position,
                                             reason: "previous-hash link broken (an event before it was removed, reordered or rewritten)"))
            }
            do {
                decoded = try row.envelope()
            } catch {
                return .failure(ChainProblem(position: position, reason: "\(error)"))
            }
            let storedPayload = Array(decoded.payload)
            guard EventHasher.hash(previous: previous, envelope: decoded.envelope, payload: storedPayload) == decoded.hash else {
                return .failure(ChainProblem(position: position, reason: "content does not match its hash (the event was altered)"))
            }
            guard decoded.envelope.payload.canonicalBytes() == storedPayload else {
                return .failure(ChainProblem(position: position, reason: "payload is not in canonical form"))
            }
            previous = decoded.hash
            expectedPosition += 1
            return .success(decoded.envelope)
        }
    }

    /// A stream whose versions are not 1…n, reported at its first event: the last of `verify`'s checks.
    public static func brokenStreamProblem(in db: Database) throws -> ChainProblem? {
        try brokenStream(in: db)
    }
}
