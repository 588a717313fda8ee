import Foundation
import GRDB
import KakeiboDomain
import KakeiboEventStore
import KakeiboLedger
import XCTest

/// `Ledger.replicate` and `Ledger.truncateLog`: the replication API a device's sync and the server's
/// replica share. A replica fed another ledger's events page by page ends with the same log and the
/// same projections as a replay, folding only what each page brought.
final class LedgerReplicationTests: LedgerTestCase {
    private var replicaPath: String { directory.appendingPathComponent("replica.sqlite").path }

    /// The source ledger's events from `start`, as a sequencer stores them.
    private func stored(from start: Int64 = 1) throws -> [ReplicatedEvent] {
        try withRawDatabase { db in
            var events: [ReplicatedEvent] = []
            try EventLog.forEachStored(from: start, in: db) { envelope, payload, previous, hash in
                events.append(ReplicatedEvent(envelope: envelope, payload: payload, previousHash: previous, hash: hash))
            }
            return events
        }
    }

    private func makeReplica() throws -> any DatabaseWriter {
        try LedgerDatabase.open(at: replicaPath, mode: .create, createFolders: false)
    }

    /// A well-chained event after `head`, built from a real one with `change` applied to its payload and
    /// a stream of its own: the hashes check out, only the ledger's rules can refuse it.
    private func forged(after head: (position: Int64, hash: [UInt8]), from template: ReplicatedEvent, stream: String,
                        version: Int64 = 1, _ change: (inout [String: JSONValue]) -> Void) throws -> ReplicatedEvent {
        guard case .object(var fields) = template.envelope.payload else { throw XCTSkip("template payload is not an object") }
        change(&fields)
        let payload = JSONValue.object(fields)
        let old = template.envelope
        let envelope = EventEnvelope(position: head.position + 1, eventID: "01FORGED0000000000000000EV", stream: stream,
                                     streamVersion: version, type: old.type, schemaVersion: old.schemaVersion, occurredOn: old.occurredOn,
                                     recordedAt: old.recordedAt, source: old.source, provenance: nil, actor: "forger",
                                     commandID: "01FORGED0000000000000000CM", idempotencyKey: nil, commandHash: nil, payload: payload)
        let text = payload.canonicalString()
        return ReplicatedEvent(envelope: envelope, payload: text, previousHash: head.hash,
                               hash: EventHasher.hash(previous: head.hash, envelope: envelope, payload: Array(text.utf8)))
    }

    func testPagesReplicatedIntoAnEmptyFileGiveTheSourcesLogAndProjections() throws {
        for amount in ["12.50", "3", "40.25"] { try expense(amount) }
        let events = try stored()
        let replica = try makeReplica()
        for first in stride(from: 0, to: events.count, by: 4) {
            try replica.write { db in try Ledger.replicate(events[first..<min(first + 4, events.count)], in: db) }
            // Folded as it went: the checkpoint follows the log, page by page.
            let (head, checkpoint) = try replica.read { db in
                (try EventLog.head(in: db).position, try Int64.fetchOne(db, sql: "SELECT MAX(position) FROM projection_checkpoints"))
            }
            XCTAssertEqual(checkpoint, head)
        }
        try (replica as? DatabasePool)?.close()
        let copy = try Ledger.open(at: replicaPath)
        XCTAssertEqual(try copy.head(), try ledger.head())
        XCTAssertEqual(try copy.balances(ReportScope()).accounts.map(\.amount), try ledger.balances(ReportScope()).accounts.map(\.amount))
        XCTAssertNil(try copy.verify().logProblem)
        XCTAssertEqual(try copy.replayDifferences(), [], "the incremental fold equals a replay")
    }

    func testARefusedEventRollsBackItsWholeTransactionAndNamesItsPositionAndRule() throws {
        try expense("12.50")
        let events = try stored()
        let replica = try makeReplica()
        try replica.write { db in try Ledger.replicate(events.dropLast(2), in: db) }
        let template = events.last!
        let head = (position: events.last!.envelope.position, hash: events.last!.hash)
        let fromNowhere = try forged(after: head, from: template, stream: "txn:01FORGEDTXN000000000000000") {
            $0["txn"] = .string("01FORGEDTXN000000000000000")
            $0["from"] = .string("01NOSUCHACCOUNT00000000000")
        }
        // Two good events, then the forged one, in one call: none of them lands.
        XCTAssertThrowsError(try replica.write { db in try Ledger.replicate(events.suffix(2) + [fromNowhere], in: db) }) { error in
            guard case .refused(let position, .inadmissible(let refusal))? = error as? ReplicationError else { return XCTFail("\(error)") }
            XCTAssertEqual(position, head.position + 1)
            XCTAssertEqual(refusal.rule, .unknownAccount)
        }
        XCTAssertEqual(try replica.read { db in try EventLog.head(in: db).position }, head.position - 2, "nothing was appended")
        // The real events still follow: the refusal left the file as it was.
        try replica.write { db in try Ledger.replicate(events.suffix(2), in: db) }
        try (replica as? DatabasePool)?.close()
        XCTAssertEqual(try Ledger.open(at: replicaPath).head(), try ledger.head())
    }

    /// With `authorSaw`, admission judges the event as its author saw the ledger: an account opened under
    /// a name already taken at that position is refused; without it (a pull), it is a concurrent open.
    func testAuthorSawRefusesANameItsAuthorKnewWasTaken() throws {
        let events = try stored()
        let head = (position: events.last!.envelope.position, hash: events.last!.hash)
        let template = events.last { $0.envelope.type == "AccountOpened" }!
        let structure = template.envelope.stream
        let version = Int64(events.filter { $0.envelope.stream == structure }.count) + 1
        let again = try forged(after: head, from: template, stream: structure, version: version) {
            $0["account"] = .string("01FORGEDACCOUNT00000000000")
        }
        for (saw, refused) in [(Int64?.some(head.position), true), (nil, false)] {
            let replica = try makeReplica()
            try replica.write { db in try Ledger.replicate(events, in: db) }
            var event = again
            event.authorSaw = saw
            if refused {
                XCTAssertThrowsError(try replica.write { db in try Ledger.replicate([event], in: db) }) { error in
                    guard case .refused(_, .inadmissible(let refusal))? = error as? ReplicationError else { return XCTFail("\(error)") }
                    XCTAssertEqual(refusal.rule, .nameInUse)
                }
            } else {
                XCTAssertNoThrow(try replica.write { db in try Ledger.replicate([event], in: db) })
            }
            try (replica as? DatabasePool)?.close()
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: replicaPath + suffix) }
        }
    }

    func testTruncatingTheLogBringsTheProjectionsBackToThatPosition() throws {
        try expense("12.50")
        let kept = try ledger.head()
        let before = try balanceLines()
        try expense("99")
        try expense("1.25", category: "dining")
        _ = try withRawDatabase { db in try Ledger.truncateLog(after: kept.position, in: db) }
        let reopened = try Ledger.open(at: path)
        XCTAssertEqual(try reopened.head(), kept)
        ledger = reopened
        XCTAssertEqual(try balanceLines(), before)
        XCTAssertEqual(try reopened.replayDifferences(), [], "the projections equal a replay of what is left")
        // The log refuses DELETE again: the trigger came back inside the same transaction.
        XCTAssertThrowsError(try withRawDatabase { db in try db.execute(sql: "DELETE FROM events WHERE position = 1") })
        // And the ledger takes new commands after the cut.
        try expense("2")
        XCTAssertEqual(try ledger.head().position, kept.position + 1)
    }
}
