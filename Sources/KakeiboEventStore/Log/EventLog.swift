import Foundation
import GRDB
import GRDBSQLite
import KakeiboDomain

/// Appends to and reads from the `events` table. Every method runs inside a transaction the
/// caller owns, so a user action's events and the projection updates they cause commit together.
public enum EventLog {
    // MARK: - Append

    /// Appends `events` as one user action, or reports that they were already recorded.
    ///
    /// Retries are safe two ways: by idempotency key (same key and command hash → nothing new;
    /// same key, other command → `idempotencyConflict`), and by event id as in SQLStreamStore
    /// (events already present with identical content → nothing new; different → conflict).
    public static func append(_ events: [NewEvent], metadata: AppendMetadata,
                              expecting expected: [String: ExpectedVersion] = [:],
                              in db: Database) throws -> AppendOutcome {
        var head: LogHead?
        return try append(events, metadata: metadata, expecting: expected, head: &head, in: db)
    }

    /// The last position and its hash, as an appender inside one transaction can remember it.
    public struct LogHead: Hashable, Sendable {
        public var position: Int64
        public var hash: [UInt8]

        public init(position: Int64, hash: [UInt8]) {
            self.position = position
            self.hash = hash
        }
    }

    /// `append`, for a caller that appends many actions in one transaction: it passes the head
    /// it got back from the previous call instead of having it read again. `checked` says the
    /// caller already ran the idempotency check (`recordedCommand`) in this transaction and minted
    /// the event ids itself, so neither lookup is made a second time.
    public static func append(_ events: [NewEvent], metadata: AppendMetadata,
                              expecting expected: [String: ExpectedVersion] = [:],
                              head: inout LogHead?, checked: Bool = false,
                              in db: Database) throws -> AppendOutcome {
        if !checked {
            if let key = metadata.idempotencyKey,
               let positions = try recordedCommand(key: key, isSameCommand: { $0 == metadata.commandHash }, in: db) {
                return .alreadyRecorded(positions: positions)
            }
            if let first = events.first, let positions = try existingPositions(of: events, firstID: first.eventID, in: db) {
                return .alreadyRecorded(positions: positions)
            }
        }
        var versions: [String: Int64] = [:]
        for (stream, expectation) in expected {
            switch expectation {
            case .any:
                continue
            case .noStream:
                // No lookup: the insert proves it, since the stream-version trigger refuses a
                // version 1 for a stream that has events (see `refusal(_:expected:)`).
                versions[stream] = 0
            case .exact(let version):
                let actual = try self.version(of: stream, in: db)
                guard actual == version else {
                    throw EventStoreError.wrongExpectedVersion(stream: stream, expected: expectation, actual: actual)
                }
                versions[stream] = actual
            }
        }

        var (position, previous) = try head.map { ($0.position, $0.hash) } ?? self.head(in: db)
        let firstPosition = position
        var appended: [EventEnvelope] = []
        appended.reserveCapacity(events.count)
        let statement = try db.cachedStatement(sql: insertSQL)
        for (index, event) in events.enumerated() {
            let streamVersion: Int64
            if let current = versions[event.stream] {
                streamVersion = current + 1
            } else {
                streamVersion = try version(of: event.stream, in: db) + 1
            }
            versions[event.stream] = streamVersion
            position += 1
            let envelope = EventEnvelope(
                position: position, eventID: event.eventID, stream: event.stream, streamVersion: streamVersion,
                type: event.type, schemaVersion: event.schemaVersion, occurredOn: event.occurredOn,
                recordedAt: metadata.recordedAt, source: metadata.source, provenance: metadata.provenance, actor: metadata.actor,
                commandID: metadata.commandID,
                idempotencyKey: index == 0 ? metadata.idempotencyKey : nil,
                commandHash: index == 0 ? metadata.commandHash.map(EventHasher.hex) : nil,
                payload: event.payload)
            let payloadBytes = event.payload.canonicalBytes()
            let hash = EventHasher.hash(previous: previous, envelope: envelope, payload: payloadBytes)
            do {
                try statement.execute { row in
                    row.bind(position); row.bind(envelope.eventID); row.bind(envelope.stream); row.bind(streamVersion)
                    row.bind(envelope.type); row.bind(envelope.schemaVersion); row.bind(envelope.occurredOn?.description)
                    row.bind(envelope.recordedAt); row.bind(envelope.source.rawValue); row.bind(envelope.actor)
                    row.bind(envelope.commandID); row.bind(envelope.idempotencyKey)
                    row.bind(blob: index == 0 ? metadata.commandHash : nil)
                    row.bind(String(decoding: payloadBytes, as: UTF8.self)); row.bind(blob: previous); row.bind(blob: hash)
                    row.bind(envelope.provenance)
                }
            } catch let error as DatabaseError {
                throw try refusal(error, stream: event.stream, expected: expected[event.stream], in: db)
            }
            previous = hash
            appended.append(envelope)
        }
        // The Merkle tree (issue 34) in the same transaction: a node per 16 events, amortised.
        try MerkleNodeStore.extend(from: firstPosition, to: position, in: db)
        head = LogHead(position: position, hash: previous)
        return .appended(appended)
    }

    /// A refused insert into a stream expected not to exist is that expectation failing.
    private static func refusal(_ error: DatabaseError, stream: String, expected: ExpectedVersion?,
                                in db: Database) throws -> Error {
        guard expected == .noStream, error.resultCode == .SQLITE_CONSTRAINT else { return error }
        let actual = try version(of: stream, in: db)
        guard actual > 0 else { return error }
        return EventStoreError.wrongExpectedVersion(stream: stream, expected: .noStream, actual: actual)
    }

    private static let insertSQL = """
        INSERT INTO events (position, event_id, stream, stream_version, type, schema_version, occurred_on,
                            recorded_at, source, actor, command_id, idempotency_key, command_hash, payload,
                            previous_hash, hash, provenance)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """

    // MARK: - Reading

    /// The last position (0 when empty) and its hash (the genesis hash when empty).
    public static func head(in db: Database) throws -> (position: Int64, hash: [UInt8]) {
        let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT position, hash FROM events ORDER BY position DESC LIMIT 1"))
        guard let row else { return (0, EventHasher.genesis) }
        let hash: Data = row[1]
        return (row[0], Array(hash))
    }

    /// The version of a stream: its number of events, 0 when it does not exist.
    public static func version(of stream: String, in db: Database) throws -> Int64 {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT MAX(stream_version) FROM events WHERE stream = ?"),
                           arguments: [stream]) ?? 0
    }

    public static func count(in db: Database) throws -> Int64 {
        try head(in: db).position
    }

    /// Streams events in position order without holding them all in memory.
    public static func forEach(from start: Int64 = 1, through end: Int64? = nil, in db: Database,
                               _ body: (EventEnvelope, _ previousHash: [UInt8], _ hash: [UInt8]) throws -> Void) throws {
        let sql = "SELECT \(columns) FROM events WHERE position >= ? AND position <= ? ORDER BY position"
        let rows = try Row.fetchCursor(db, sql: sql, arguments: [start, end ?? Int64.max])
        while let row = try rows.next() {
            let envelope = try decode(row)
            let previous: Data = row[14]
            let hash: Data = row[15]
            try body(envelope, Array(previous), Array(hash))
        }
    }

    /// Streams what a projection needs — position, recorded-at and the decoded event — in
    /// position order, without holding them all in memory.
    ///
    /// The rows are read in batches on the caller's thread (which owns `db`) and decoded — JSON,
    /// then `LedgerEvent` — on another core, at most two batches ahead of `body`: a rebuild
    /// reads, decodes and projects at once. A log shorter than one batch (a catch-up) is decoded
    /// in place. An unreadable event is reported when `body` reaches it, after every event before it.
    public static func forEachEvent(from start: Int64 = 1, through end: Int64? = nil, in db: Database,
                                    _ body: (_ position: Int64, _ recordedAt: Int64, _ event: LedgerEvent) throws -> Void) throws {
        let batchSize = 2048
        let decoder = OrderedBackgroundWork<RawEventBatch, DecodedEvents>(depth: 2) { DecodedEvents(decoding: $0) }
        func deliver(_ decoded: DecodedEvents) throws {
            for event in decoded.events { try body(event.position, event.recordedAt, event.event) }
            if let failure = decoded.failure { throw failure }
        }
        try forEachRawBatch(.projection, from: start, through: end, batchSize: batchSize, in: db) { batch in
            if batch.count < batchSize, decoder.isIdle {
                try deliver(DecodedEvents(decoding: batch))
            } else if let ready = decoder.submit(batch) {
                try deliver(ready)
            }
        }
        while let ready = decoder.next() { try deliver(ready) }
    }

    /// A batch of `.projection` rows, decoded up to the first that does not decode.
    struct DecodedEvents: Sendable {
        var events: [(position: Int64, recordedAt: Int64, event: LedgerEvent)] = []
        var failure: (any Error & Sendable)?

        init(decoding batch: RawEventBatch) {
            events.reserveCapacity(batch.count)
            do {
                try batch.forEachRow { row in events.append((row.position, row.recordedAt, try row.event())) }
            } catch let error as EventStoreError {
                failure = error
            } catch let error as LedgerError {
                failure = error
            } catch {
                failure = EventStoreError.unreadableEvent(position: events.last.map { $0.position + 1 } ?? batch.firstPosition,
                                                          reason: "\(error)")
            }
        }
    }

    /// The events of one stream, in order.
    public static func events(inStream stream: String, in db: Database) throws -> [EventEnvelope] {
        let sql = "SELECT \(columns) FROM events WHERE stream = ? ORDER BY stream_version"
        return try Row.fetchAll(db, sql: sql, arguments: [stream]).map(decode)
    }

    public static func event(at position: Int64, in db: Database) throws -> EventEnvelope? {
        try Row.fetchOne(db, sql: "SELECT \(columns) FROM events WHERE position = ?", arguments: [position]).map(decode)
    }

    /// The hash stored for the event at `position`, if there is one.
    public static func hash(at position: Int64, in db: Database) throws -> [UInt8]? {
        try Data.fetchOne(db, sql: "SELECT hash FROM events WHERE position = ?", arguments: [position]).map { Array($0) }
    }

    static let columns = """
        position, event_id, stream, stream_version, type, schema_version, occurred_on, recorded_at, source, actor, \
        command_id, idempotency_key, command_hash, payload, previous_hash, hash, provenance
        """

    static func decode(_ row: Row) throws -> EventEnvelope {
        let position: Int64 = row[0]
        let payload: JSONValue
        do {
            payload = try row.withUnsafeData(atIndex: 13) { data in
                try JSONValue.parse(data.map { Array($0) } ?? [])
            }
        } catch {
            throw EventStoreError.unreadableEvent(position: position, reason: "payload is not valid JSON: \(error)")
        }
        let commandHash: Data? = row[12]
        return EventEnvelope(
            position: position, eventID: row[1], stream: row[2], streamVersion: row[3], type: row[4],
            schemaVersion: row[5], occurredOn: try storedDate(row[6], at: position), recordedAt: row[7],
            source: EventSource(rawValue: row[8]), provenance: row[16], actor: row[9],
            commandID: row[10], idempotencyKey: row[11], commandHash: commandHash.map(EventHasher.hex),
            payload: payload)
    }

    // MARK: - Idempotency

    /// The command recorded under an idempotency key: its id, command hash (32 bytes, as stored)
    /// and first position.
    public static func priorCommand(key: String, in db: Database) throws -> (commandID: String, hash: [UInt8]?, position: Int64)? {
        let sql = "SELECT command_id, command_hash, position FROM events WHERE idempotency_key = ?"
        guard let row = try Row.fetchOne(db.cachedStatement(sql: sql), arguments: [key]) else { return nil }
        let hash: Data? = row[1]
        return (row[0], hash.map { Array($0) }, row[2])
    }

    /// Whether a command was recorded under `key`. Answered from the key's index alone (the row
    /// itself is never read), so an importer can ask it for every line of a big file cheaply.
    public static func isRecorded(key: String, in db: Database) throws -> Bool {
        try db.cachedStatement(sql: "SELECT 1 FROM events WHERE idempotency_key = ?").hasRow { $0.bind(key) }
    }

    /// The idempotency check, the only one: nil when `key` is unused; the positions of the command
    /// recorded under it when `isSameCommand` accepts its stored hash (a retry appends nothing);
    /// `idempotencyConflict` when a different command holds the key.
    public static func recordedCommand(key: String, isSameCommand: ([UInt8]?) throws -> Bool,
                                       in db: Database) throws -> [Int64]? {
        // Almost every key is new (an import sends one per line): the index probe answers that
        // without building a row, which measured 6 % of a journal import through `Row.fetchOne`.
        guard try isRecorded(key: key, in: db), let prior = try priorCommand(key: key, in: db) else { return nil }
        guard try isSameCommand(prior.hash) else { throw EventStoreError.idempotencyConflict(key: key) }
        return try positions(ofCommand: prior.commandID, from: prior.position, in: db)
    }

    /// The positions of a command's events: contiguous from its first, since one transaction appends them.
    public static func positions(ofCommand commandID: String, from first: Int64, in db: Database) throws -> [Int64] {
        let sql = "SELECT position, command_id FROM events WHERE position >= ? ORDER BY position"
        let rows = try Row.fetchCursor(db, sql: sql, arguments: [first])
        var positions: [Int64] = []
        while let row = try rows.next(), row[1] as String == commandID { positions.append(row[0]) }
        return positions
    }

    /// Positions of `events` if every one is already stored with the same content; nil if none is.
    private static func existingPositions(of events: [NewEvent], firstID: String, in db: Database) throws -> [Int64]? {
        let lookup = try db.cachedStatement(sql: "SELECT position, stream, type, payload FROM events WHERE event_id = ?")
        guard try Row.fetchOne(lookup, arguments: [firstID]) != nil else { return nil }
        var positions: [Int64] = []
        for event in events {
            guard let row = try Row.fetchOne(lookup, arguments: [event.eventID]),
                  row[1] as String == event.stream, row[2] as String == event.type,
                  row[3] as String == event.payload.canonicalString() else {
                throw EventStoreError.eventIDConflict(eventID: event.eventID)
            }
            positions.append(row[0])
        }
        return positions
    }
}
