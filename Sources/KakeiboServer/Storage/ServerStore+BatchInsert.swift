import KakeiboDomain
import KakeiboLedger
import KakeiboSync
import PostgresNIO

/// An event a push or an upload sequences, with what PostgreSQL keeps beside it: the device that
/// pushed it and its link in that device's chain, and what its author had seen (for the replica).
struct SequencedEvent: Sendable {
    var canonical: CanonicalEvent
    var deviceId: String
    var deviceSeq: Int64?
    var originHash: String?
    var parentEventId: String?
    /// `PushRequest.basedOn` for a device's event; nil for an uploaded log and the server's own events.
    var authorSaw: Int64?
    /// The replica's form of an uploaded event, made by the adopt's chain check from its one parse of the payload
    /// (`CanonicalEvent.checkedReplica`), so `replicated()` does not parse it again.
    var checked: ReplicatedEvent? = nil

    func replicated() throws -> ReplicatedEvent { try checked ?? canonical.replicaEvent(authorSaw: authorSaw) }
}

/// A pushed event the server keeps aside instead of sequencing (`ConflictRule`, or a command another device recorded first).
enum KeptAsideEvent: Sendable {
    case conflicted(PendingEvent, fields: [String], kept: [String])
    case alreadyRecorded(PendingEvent, recordedAs: String)
}

/// What one push sequenced and kept aside so far, per stream: `ConflictRule` reads it beside PostgreSQL's rows.
struct PushedStreams: Sendable {
    var streams: [String: [(id: String, type: String, payload: String, version: Int64)]] = [:]
    var keptAside: Set<String> = []

    mutating func append(_ event: CanonicalEvent) {
        streams[event.stream, default: []].append((event.eventId, event.type, event.payload, event.streamVersion))
    }
}

extension ServerStore {
    /// Rows per multi-row INSERT: at most 10 binds a row stays far under PostgreSQL's 65,535 binds a statement.
    static let insertBatch = 1_000

    /// The columns `insert(_:ledgerId:on:)` copies, in order.
    static let copiedColumns = ["ledger_id", "position", "event_id", "stream", "stream_version", "type", "schema_version", "occurred_on",
                                "recorded_at", "source", "provenance", "actor", "command_id", "idempotency_key", "command_hash", "payload",
                                "previous_hash", "hash", "device_id", "device_seq", "origin_hash", "parent_event_id"]

    /// Inserts `events` in position order with one `COPY … FROM STDIN`, streamed in 1 MiB chunks: one round trip for
    /// a whole push or upload instead of one per event (≈ 1,400 events/s before). The table's triggers still check
    /// every row (gapless positions, the hash chain), as for an INSERT.
    func insert(_ events: [SequencedEvent], ledgerId: Int64, on connection: PostgresConnection) async throws {
        guard !events.isEmpty else { return }
        do {
            try await connection.copyFrom(table: "kakeibo_events", columns: Self.copiedColumns, logger: logger) { writer in
                var buffer = ByteBuffer()
                buffer.reserveCapacity(1 << 20)
                for event in events {
                    let e = event.canonical
                    buffer.writeCopyRow([String(ledgerId), String(e.position), e.eventId, e.stream, String(e.streamVersion), e.type,
                                         String(e.schemaVersion), e.occurredOn, String(e.recordedAt), e.source, e.provenance, e.actor,
                                         e.commandId, e.idempotencyKey, e.commandHash, e.payload, e.previousHash, e.hash, event.deviceId,
                                         event.deviceSeq.map(String.init), event.originHash, event.parentEventId])
                    if buffer.readableBytes >= 1 << 20 {
                        try await writer.write(buffer)
                        buffer.clear()
                    }
                }
                if buffer.readableBytes > 0 { try await writer.write(buffer) }
            }
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
            throw ServerError(422, "invalid-event", "an event repeats a key the ledger already holds (idempotency key or event id)")
        }
        // The Merkle tree over the log grows in the same transaction (issue 34): O(log n) a leaf (`ServerStore+Tree`).
        try await SyncTrace.time("server: extend tree \(events.count)") {
            try await extendTree(ledgerId: ledgerId, through: events.last!.canonical.position, known: events.map(\.canonical.hash),
                                 knownFrom: events[0].canonical.position, on: connection)
        }
    }

    /// Inserts the events a push kept aside: conflicted ones, and commands another device recorded first.
    func insert(_ keptAside: [KeptAsideEvent], ledgerId: Int64, deviceId: String, on connection: PostgresConnection) async throws {
        var conflicts: [(PendingEvent, [String], [String])] = [], recorded: [(PendingEvent, String)] = []
        for event in keptAside {
            switch event {
            case .conflicted(let event, let fields, let kept): conflicts.append((event, fields, kept))
            case .alreadyRecorded(let event, let recordedAs): recorded.append((event, recordedAs))
            }
        }
        for first in stride(from: 0, to: conflicts.count, by: Self.insertBatch) {
            var sql = """
                INSERT INTO kakeibo_conflicts (ledger_id, event_id, stream, device_id, device_seq, origin_hash, parent_event_id,
                    fields, kept, payload) VALUES
                """
            var binds = PostgresBindings()
            for (row, (event, fields, kept)) in conflicts[first..<min(first + Self.insertBatch, conflicts.count)].enumerated() {
                sql += (row == 0 ? " " : ", ") + Self.placeholders(row: row, columns: 10)
                binds.append(ledgerId); binds.append(event.eventId); binds.append(event.stream); binds.append(deviceId)
                binds.append(event.deviceSeq); binds.append(event.originHash); binds.append(event.parentEventId)
                binds.append(fields.joined(separator: ",")); binds.append(kept.joined(separator: ",")); binds.append(event.payload)
            }
            try await connection.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger)
        }
        for first in stride(from: 0, to: recorded.count, by: Self.insertBatch) {
            var sql = """
                INSERT INTO kakeibo_already_recorded (ledger_id, event_id, device_id, device_seq, origin_hash, recorded_as, payload) VALUES
                """
            var binds = PostgresBindings()
            for (row, (event, recordedAs)) in recorded[first..<min(first + Self.insertBatch, recorded.count)].enumerated() {
                sql += (row == 0 ? " " : ", ") + Self.placeholders(row: row, columns: 7)
                binds.append(ledgerId); binds.append(event.eventId); binds.append(deviceId); binds.append(event.deviceSeq)
                binds.append(event.originHash); binds.append(recordedAs); binds.append(event.payload)
            }
            try await connection.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger)
        }
    }

    /// `($n+1, …, $n+columns)` for row `row` of a multi-row VALUES.
    static func placeholders(row: Int, columns: Int) -> String {
        "(" + (1...columns).map { "$\(row * columns + $0)" }.joined(separator: ", ") + ")"
    }
}

extension ByteBuffer {
    /// One row of `COPY … FROM STDIN` text format: fields split by tabs, nil as `\N`, and a field's backslash,
    /// tab, line feed and carriage return escaped (the only bytes the format gives a meaning).
    mutating func writeCopyRow(_ fields: [String?]) {
        for (index, field) in fields.enumerated() {
            if index > 0 { writeInteger(UInt8(ascii: "\t")) }
            guard let field else {
                writeStaticString("\\N")
                continue
            }
            let utf8 = field.utf8
            if !utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) {
                writeString(field)
                continue
            }
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "\\"): writeStaticString("\\\\")
                case UInt8(ascii: "\t"): writeStaticString("\\t")
                case UInt8(ascii: "\n"): writeStaticString("\\n")
                case UInt8(ascii: "\r"): writeStaticString("\\r")
                default: writeInteger(byte)
                }
            }
        }
        writeInteger(UInt8(ascii: "\n"))
    }
}
