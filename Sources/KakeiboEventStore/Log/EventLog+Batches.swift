import GRDB
import GRDBSQLite
import KakeiboDomain

/// Stored events copied out of SQLite in bulk, undecoded: the rows of one batch share one byte
/// buffer. Reading a batch is cheap (no strings, no JSON), so the connection's thread only
/// steps the statement, and the costly part — turning bytes into strings, JSON, events and
/// hashes — can run on another core (`EventDecoding`), in position order.
public struct RawEventBatch: Sendable {
    /// What each row holds.
    public enum Shape: Sendable {
        /// position, recorded_at, type, schema_version, payload: what a projection needs.
        case projection
        /// Every column of the envelope and both hashes: what the chain check needs.
        case envelope
    }

    public let shape: Shape
    public internal(set) var count = 0
    /// Per row: position, stream_version, schema_version, recorded_at (0 where the shape has none).
    var integers: [Int64] = []
    /// Per row, the byte length of each text or blob column of the shape, -1 for NULL.
    var lengths: [Int32] = []
    var bytes: [UInt8] = []

    init(shape: Shape, capacity: Int) {
        self.shape = shape
        integers.reserveCapacity(capacity * 4)
        lengths.reserveCapacity(capacity * shape.byteColumns.count)
        bytes.reserveCapacity(capacity * 400)
    }

    /// The first position in the batch (0 when empty).
    public var firstPosition: Int64 { integers.first ?? 0 }
}

extension RawEventBatch.Shape {
    var sql: String {
        switch self {
        case .projection:
            "SELECT position, recorded_at, type, schema_version, payload FROM events WHERE position >= ? AND position <= ? ORDER BY position"
        case .envelope:
            "SELECT \(EventLog.columns) FROM events WHERE position >= ? AND position <= ? ORDER BY position"
        }
    }

    /// The indexes, in `sql`'s result, of the text and blob columns.
    var byteColumns: [Int32] {
        switch self {
        case .projection: [2, 4]
        case .envelope: [1, 2, 4, 6, 8, 9, 10, 11, 12, 13, 14, 15, 16]
        }
    }

    /// Result columns of position, stream_version, schema_version, recorded_at (-1: not read).
    var integerColumns: [Int32] {
        switch self {
        case .projection: [0, -1, 3, 1]
        case .envelope: [0, 3, 5, 7]
        }
    }
}

extension EventLog {
    /// Reads events from `start` through `end` in position order, `batchSize` at a time, handing
    /// each batch to `body` as soon as it is full (the last may be shorter). The statement is
    /// stepped on the caller's thread, which must own `db`.
    public static func forEachRawBatch(_ shape: RawEventBatch.Shape, from start: Int64 = 1, through end: Int64? = nil,
                                       batchSize: Int = 2048, in db: Database,
                                       _ body: (RawEventBatch) throws -> Void) throws {
        let statement = try db.makeStatement(sql: shape.sql)
        try statement.setArguments([start, end ?? Int64.max])
        let raw = statement.sqliteStatement
        defer { sqlite3_reset(raw) }
        let byteColumns = shape.byteColumns, integerColumns = shape.integerColumns
        var batch = RawEventBatch(shape: shape, capacity: batchSize)
        while true {
            let code = sqlite3_step(raw)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
            }
            for column in integerColumns { batch.integers.append(column < 0 ? 0 : sqlite3_column_int64(raw, column)) }
            for column in byteColumns {
                if sqlite3_column_type(raw, column) == SQLITE_NULL {
                    batch.lengths.append(-1)
                    continue
                }
                // Asking for the blob first keeps text as stored (no conversion); then its length.
                let pointer = sqlite3_column_blob(raw, column)
                let length = Int(sqlite3_column_bytes(raw, column))
                batch.lengths.append(Int32(length))
                if length > 0, let pointer {
                    batch.bytes.append(contentsOf: UnsafeRawBufferPointer(start: pointer, count: length))
                }
            }
            batch.count += 1
            if batch.count == batchSize {
                try body(batch)
                batch = RawEventBatch(shape: shape, capacity: batchSize)
            }
        }
        if batch.count > 0 { try body(batch) }
    }
}

/// One row of a `RawEventBatch`, read back in place.
public struct RawEventRow {
    public let position: Int64
    public let streamVersion: Int64
    public let schemaVersion: Int64
    public let recordedAt: Int64
    /// The shape's byte columns, in order: nil for NULL.
    let fields: [UnsafeBufferPointer<UInt8>?]

    func string(_ index: Int) -> String? {
        fields[index].map { String(decoding: $0, as: UTF8.self) }
    }
    func bytes(_ index: Int) -> [UInt8]? { fields[index].map(Array.init) }

    /// An `.envelope` row's stored previous hash (empty when NULL).
    var previousHash: [UInt8] { bytes(10) ?? [] }
}

extension RawEventBatch {
    /// Calls `body` with each row in order. The row's buffers live only for the call.
    public func forEachRow(_ body: (RawEventRow) throws -> Void) rethrows {
        let columns = shape.byteColumns.count
        try bytes.withUnsafeBufferPointer { all in
            var offset = 0
            var fields = [UnsafeBufferPointer<UInt8>?](repeating: nil, count: columns)
            for row in 0..<count {
                for column in 0..<columns {
                    let length = Int(lengths[row * columns + column])
                    if length < 0 {
                        fields[column] = nil
                    } else {
                        fields[column] = UnsafeBufferPointer(rebasing: all[offset..<offset + length])
                        offset += length
                    }
                }
                try body(RawEventRow(position: integers[row * 4], streamVersion: integers[row * 4 + 1],
                                     schemaVersion: integers[row * 4 + 2], recordedAt: integers[row * 4 + 3], fields: fields))
            }
        }
    }
}

extension RawEventRow {
    /// The projection's view of a `.projection` row: the event, decoded.
    public func event() throws -> LedgerEvent {
        let payload: JSONValue
        do {
            payload = try parse(fields[1])
        } catch {
            throw EventStoreError.unreadableEvent(position: position, reason: "payload is not valid JSON: \(error)")
        }
        return try LedgerEvent(type: string(0) ?? "", schemaVersion: schemaVersion, payload: payload)
    }

    private func parse(_ field: UnsafeBufferPointer<UInt8>?) throws(JSONError) -> JSONValue {
        try JSONValue(parsing: field ?? UnsafeBufferPointer(start: nil, count: 0))
    }

    /// An `.envelope` row as `EventLog.decode` reads it, with the payload's stored bytes and both hashes.
    public func envelope() throws -> (envelope: EventEnvelope, payload: UnsafeBufferPointer<UInt8>,
                                      previousHash: [UInt8], hash: [UInt8]) {
        let payload: JSONValue
        do {
            payload = try parse(fields[9])
        } catch {
            throw EventStoreError.unreadableEvent(position: position, reason: "payload is not valid JSON: \(error)")
        }
        let envelope = EventEnvelope(
            position: position, eventID: string(0) ?? "", stream: string(1) ?? "", streamVersion: streamVersion,
            type: string(2) ?? "", schemaVersion: schemaVersion, occurredOn: try EventLog.storedDate(string(3), at: position), recordedAt: recordedAt,
            source: EventSource(rawValue: string(4) ?? ""), provenance: string(12), actor: string(5) ?? "", commandID: string(6) ?? "",
            idempotencyKey: string(7), commandHash: fields[8].map(EventHasher.hex), payload: payload)
        return (envelope, fields[9] ?? UnsafeBufferPointer(start: nil, count: 0), bytes(10) ?? [], bytes(11) ?? [])
    }
}
