import KakeiboSync
import PostgresNIO

/// A pull page as the wire's JSON, written by PostgreSQL itself (`json_agg`) and passed through untouched.
///
/// Why: a clone of 100,004 events spent its time waiting on the server, not folding. Serving one page of 2,000
/// events took 250-310 ms (release, `Tests/Postgres/sync-figures.sh` with `KAKEIBO_SYNC_TRACE`, load 3-5): 135 ms
/// to fetch and decode 34,000 cells into `CanonicalEvent`s, the rest Foundation's `JSONEncoder` writing 2 MB back
/// out. PostgreSQL writes the same JSON in C from the rows it has just read (`json_agg`); the client decodes it as the same
/// `EventPage` (every field keyed as `CanonicalEvent` codes it, a nil as `null`, the payload as the JSON string of
/// its stored text, which decodes to the same bytes, so the hashes still cover exactly what is stored).
extension ServerStore {
    /// `GET …/events` as the reply's bytes, and how many events it holds.
    func eventPageJSON(ledgerId: Int64, after: Int64, limit: Int, on connection: PostgresConnection) async throws -> (body: ByteBuffer, count: Int) {
        // Positions are gapless from 1: bounding them on both sides keeps the plan an index range scan of `limit` rows
        // even before PostgreSQL has statistics for a freshly loaded table (it then sorted every later event: 30 ms
        // a page on 20,000 events, growing with the ledger). json_agg of the row under `CanonicalEvent`'s keys writes
        // compact JSON: 23 ms for 2,000 events, against 32 ms for json_build_object (psql, release server idle).
        let rows = try await connection.query("""
            SELECT count(*), coalesce(json_agg(page ORDER BY position), '[]')::text FROM (
                SELECT position, event_id AS "eventId", stream, stream_version AS "streamVersion", type, schema_version AS "schemaVersion",
                       occurred_on AS "occurredOn", recorded_at AS "recordedAt", source, provenance, actor, command_id AS "commandId",
                       idempotency_key AS "idempotencyKey", command_hash AS "commandHash", payload, previous_hash AS "previousHash", hash
                FROM kakeibo_events WHERE ledger_id = \(ledgerId) AND position > \(after) AND position <= \(after + Int64(limit))
                ORDER BY position) page
            """, logger: logger).collect()
        let row = rows[0].makeRandomAccess()
        let count = Int(try row[0].decode(Int64.self))
        let events = try row[1].decode(String.self)
        let (head, _) = try await head(ledgerId: ledgerId, on: connection)
        // Positions are gapless from 1, so the page is the last one exactly when it reaches the head.
        let more = after + Int64(count) < head.position
        var body = ByteBuffer()
        body.reserveCapacity(events.utf8.count + 150)
        body.writeStaticString("{\"events\":")
        body.writeString(events)
        body.writeString(",\"head\":{\"position\":\(head.position),\"hash\":\"\(head.hash)\"},\"more\":\(more)}")
        return (body, count)
    }

    /// The reply's bytes for `GET …/events?after=N&limit=L&wait=S`; with `waitingUpTo` above zero and nothing new
    /// yet, a long poll as `page(ledger:bearer:after:limit:waitingUpTo:)`.
    public func pageJSON(ledger: String, bearer: String?, after: Int64, limit: Int, waitingUpTo wait: Duration = .zero) async throws -> ByteBuffer {
        let deadline = ContinuousClock.now + wait
        while true {
            let page = try await transaction { connection in
                let caller = try await authenticate(bearer, ledger: ledger, needed: .read, on: connection)
                return try await eventPageJSON(ledgerId: caller.ledgerId, after: after, limit: limit, on: connection)
            }
            guard page.count == 0, ContinuousClock.now < deadline else { return page.body }
            do {
                try await Task.sleep(for: min(.milliseconds(200), deadline - ContinuousClock.now))
            } catch {
                return page.body // cancelled (the server is stopping): answer what there is
            }
        }
    }
}
