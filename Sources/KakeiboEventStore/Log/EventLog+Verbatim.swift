import Foundation
import GRDB
import KakeiboDomain

extension EventLog {
    /// Appends an event another replica already sequenced and hashed (sync), byte for byte.
    ///
    /// Nothing is re-derived: the payload text and the hash are stored as given, after checking
    /// that the hash is the hash of this content after `previousHash`. The table's triggers
    /// still check that the position follows the head and `previousHash` is the head's hash, so
    /// a replica can only ever hold a prefix of the sequencer's chain.
    public static func appendVerbatim(_ envelope: EventEnvelope, payload: String, previousHash: [UInt8], hash: [UInt8],
                                      in db: Database) throws {
        let computed = EventHasher.hash(previous: previousHash, envelope: envelope, payload: Array(payload.utf8))
        guard computed == hash else {
            throw EventStoreError.unreadableEvent(position: envelope.position, reason: "its hash is not the hash of its content")
        }
        let statement = try db.cachedStatement(sql: """
            INSERT INTO events (position, event_id, stream, stream_version, type, schema_version, occurred_on,
                                recorded_at, source, actor, command_id, idempotency_key, command_hash, payload,
                                previous_hash, hash, provenance)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        try statement.execute { row in
            row.bind(envelope.position); row.bind(envelope.eventID); row.bind(envelope.stream); row.bind(envelope.streamVersion)
            row.bind(envelope.type); row.bind(envelope.schemaVersion); row.bind(envelope.occurredOn?.description)
            row.bind(envelope.recordedAt); row.bind(envelope.source.rawValue); row.bind(envelope.actor)
            row.bind(envelope.commandID); row.bind(envelope.idempotencyKey)
            row.bind(blob: envelope.commandHash.flatMap { bytes(fromHex: $0) })
            row.bind(payload); row.bind(blob: previousHash); row.bind(blob: hash)
            row.bind(envelope.provenance)
        }
        try MerkleNodeStore.extend(from: envelope.position - 1, to: envelope.position, in: db)
    }

    /// Streams stored events with their payload text exactly as stored (sync sends these bytes).
    public static func forEachStored(from start: Int64, through end: Int64? = nil, in db: Database,
                                     _ body: (EventEnvelope, _ payload: String, _ previousHash: [UInt8], _ hash: [UInt8]) throws -> Void) throws {
        let sql = "SELECT \(columns) FROM events WHERE position >= ? AND position <= ? ORDER BY position"
        let rows = try Row.fetchCursor(db, sql: sql, arguments: [start, end ?? Int64.max])
        while let row = try rows.next() {
            let envelope = try decode(row)
            let payload: String = row[13]
            let previous: Data = row[14]
            let hash: Data = row[15]
            try body(envelope, payload, Array(previous), Array(hash))
        }
    }
}
