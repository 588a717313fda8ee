import Foundation
import GRDB
import KakeiboDomain
import KakeiboEventStore
import KakeiboLedger
import KakeiboServer
import KakeiboSync
import XCTest

/// Must show 3, 4, 7 and 9, and the refusals around them: nothing is lost, nothing is taken twice.
final class SyncSafetyTests: ServerTestCase {
    func testDuplicatePushIsIdempotent() async throws {
        try await withServer { server in
            let token = try await server.token()
            let a = try server.makeLedger("a", seed: 1)
            _ = try await server.sync(server.path("a"), token: token)
            let synced = try a.head().position
            try server.expense(a, "5.00")
            try server.expense(a, "6.00")
            let body = try JSONEncoder().encode(PushRequest(deviceId: DeviceToken(token)!.id,
                                                            events: try server.pending("a", after: synced, deviceId: DeviceToken(token)!.id)))
            let first = try await server.request(.post, "events", token: token, body: body)
            XCTAssertEqual(first.status, 200)
            let countAfterFirst = try await server.eventCount()
            let second = try await server.request(.post, "events", token: token, body: body)
            XCTAssertEqual(second.status, 200)
            let firstResults = first.json["results"] as! [[String: Any]]
            let secondResults = second.json["results"] as! [[String: Any]]
            XCTAssertEqual(firstResults.map { $0["outcome"] as! String }, ["appended", "appended"])
            XCTAssertEqual(secondResults.map { $0["outcome"] as! String }, ["duplicate", "duplicate"])
            XCTAssertEqual(firstResults.map { $0["position"] as! Int }, secondResults.map { $0["position"] as! Int })
            XCTAssertEqual(firstResults.map { $0["hash"] as! String }, secondResults.map { $0["hash"] as! String })
            let awaited1 = try await server.eventCount()
            XCTAssertEqual(awaited1, countAfterFirst)
            XCTAssertEqual((first.json["head"] as! [String: Any])["hash"] as! String, (second.json["head"] as! [String: Any])["hash"] as! String)
            // The file still syncs: its pending events are recognised as the server's.
            let report = try await server.sync(server.path("a"), token: token)
            XCTAssertEqual(report.duplicates, 2)
            XCTAssertEqual(try server.open("a", seed: 1).head().description, "\(report.head.position):\(report.head.hash)")
        }
    }

    func testEventIDReusedWithOtherBytesIs409() async throws {
        try await withServer { server in
            let token = try await server.token()
            let deviceId = DeviceToken(token)!.id
            let a = try server.makeLedger("a", seed: 1)
            _ = try await server.sync(server.path("a"), token: token)
            let synced = try a.head().position
            try server.expense(a, "5.00")
            var events = try server.pending("a", after: synced, deviceId: deviceId)
            let ok = try await server.request(.post, "events", token: token, body: try JSONEncoder().encode(PushRequest(deviceId: deviceId, events: events)))
            XCTAssertEqual(ok.status, 200)
            let before = try await server.sql("SELECT head_position::text, head_hash FROM kakeibo_ledgers WHERE name = '\(server.ledger)'")
            let count = try await server.eventCount()
            // Same id, another amount: a new origin hash for the same event id.
            events[0].payload = events[0].payload.replacingOccurrences(of: "500", with: "501")
            events[0].originHash = events[0].computedOriginHash(deviceId: deviceId)
            let reuse = try await server.request(.post, "events", token: token, body: try JSONEncoder().encode(PushRequest(deviceId: deviceId, events: events)))
            XCTAssertEqual(reuse.status, 409)
            XCTAssertEqual(reuse.json["error"] as? String, "event-id-reuse")
            let awaited2 = try await server.eventCount()
            XCTAssertEqual(awaited2, count)
            let after = try await server.sql("SELECT head_position::text, head_hash FROM kakeibo_ledgers WHERE name = '\(server.ledger)'")
            XCTAssertEqual(before, after)
        }
    }

    /// Must show 7: a restored old copy of a device's file is refused by the device chain, the
    /// copy keeps its pending work, and enrolling it as a new device pushes that work.
    func testRestoredOldCopyIsRefusedAndKeepsItsWork() async throws {
        try await withServer { server in
            let token = try await server.token()
            var b = try server.makeLedger("b", seed: 2)
            _ = try await server.sync(server.path("b"), token: token)
            try server.expense(b, "7.00")
            _ = try await server.sync(server.path("b"), token: token)
            // Back up the file, then keep working and syncing.
            for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: server.path("b") + suffix) {
                try FileManager.default.copyItem(atPath: server.path("b") + suffix, toPath: server.path("backup") + suffix)
            }
            b = try server.open("b", seed: 2)
            try server.expense(b, "8.00")
            _ = try await server.sync(server.path("b"), token: token)
            // Restore the backup and record something else on it.
            let restored = try Ledger.open(at: server.path("backup"), environment: server.environment("b", seed: 99))
            try server.expense(restored, "9.00", payee: "Restored")
            let beforeDigest = try restored.head()
            let bytesBefore = try Data(contentsOf: URL(fileURLWithPath: server.path("backup")))
            do {
                _ = try await server.sync(server.path("backup"), token: token)
                XCTFail("a restored old copy must be refused")
            } catch let error as SyncError {
                guard case .refused(409, let wire) = error else { return XCTFail("unexpected \(error)") }
                XCTAssertEqual(wire.error, "device-chain")
                XCTAssertEqual(wire.expectedSeq, 3)
                XCTAssertTrue(error.description.contains("older copy"))
            }
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: server.path("backup"))), bytesBefore, "a refused sync changed the file")
            XCTAssertEqual(try Ledger.open(at: server.path("backup")).head(), beforeDigest)
            // Re-enrolled as a new device, the copy's pending work is pushed and nothing is lost.
            let fresh = try await server.token(device: "restored")
            let report = try await server.sync(server.path("backup"), token: fresh)
            XCTAssertEqual(report.pushed, 1)
            _ = try await server.sync(server.path("b"), token: token)
            let lines = try server.balanceLines(try server.open("b", seed: 2))
            XCTAssertEqual(lines, try server.balanceLines(try Ledger.open(at: server.path("backup"))))
            XCTAssertTrue(lines.contains("expenses:groceries,USD,24.00"), "\(lines)")
        }
    }

    /// Must show 9: a byte flipped in PostgreSQL is found by the server's verify, and stops a
    /// device's sync with "diverged at position P", leaving its file unchanged.
    func testTamperedServerEventStopsSync() async throws {
        try await withServer { server in
            let token = try await server.token()
            let a = try server.makeLedger("a", seed: 1)
            _ = try await server.sync(server.path("a"), token: token)
            let tokenB = try await server.token(device: "b")
            let cloned = try await server.sync(server.path("b"), token: tokenB)
            XCTAssertTrue(cloned.cloned)
            try server.expense(a, "5.00")
            try server.expense(a, "6.00")
            _ = try await server.sync(server.path("a"), token: token)
            let target = try server.open("a", seed: 1).head().position
            _ = try await server.sql("""
                ALTER TABLE kakeibo_events DISABLE TRIGGER USER;
                """)
            _ = try await server.sql("""
                UPDATE kakeibo_events SET payload = replace(payload, '600', '700')
                WHERE position = \(target) AND ledger_id = (SELECT ledger_id FROM kakeibo_ledgers WHERE name = '\(server.ledger)')
                """)
            _ = try await server.sql("ALTER TABLE kakeibo_events ENABLE TRIGGER USER")
            let verified = try await server.store.verify(ledger: server.ledger)
            XCTAssertEqual(verified.problem?.position, target)
            let bDigest = try Ledger.open(at: server.path("b")).head()
            do {
                _ = try await server.sync(server.path("b"), token: tokenB)
                XCTFail("a tampered event must stop the sync")
            } catch let error as SyncError {
                XCTAssertTrue(error.description.hasPrefix("diverged at position \(target)"), error.description)
            }
            XCTAssertEqual(try Ledger.open(at: server.path("b")).head(), bDigest)
        }
    }

    func testAnotherLedgerFileIsRefusedAsAMismatch() async throws {
        try await withServer { server in
            let token = try await server.token()
            _ = try server.makeLedger("a", seed: 1)
            _ = try await server.sync(server.path("a"), token: token)
            let other = try server.makeLedger("other", seed: 5)
            let digest = try other.head()
            do {
                _ = try await server.sync(server.path("other"), token: token)
                XCTFail("a different ledger must be refused")
            } catch let error as SyncError {
                XCTAssertTrue(error.description.contains("is not the server's ledger"), error.description)
            }
            XCTAssertEqual(try Ledger.open(at: server.path("other")).head(), digest)
        }
    }

    func testEventsCannotBeUpdatedOrDeleted() async throws {
        try await withServer { server in
            let token = try await server.token()
            _ = try server.makeLedger("a", seed: 1)
            _ = try await server.sync(server.path("a"), token: token)
            // As the superuser, the triggers refuse.
            do {
                _ = try await server.sql("UPDATE kakeibo_events SET actor = 'mallory'")
                XCTFail("UPDATE must be refused")
            } catch {
                XCTAssertTrue(String(reflecting: error).contains("append-only"), String(reflecting: error))
            }
            do {
                _ = try await server.sql("DELETE FROM kakeibo_events")
                XCTFail("DELETE must be refused")
            } catch {}
            // The application's role has no such grant in the first place.
            let grants = try await server.sql("""
                SELECT privilege_type::text FROM information_schema.role_table_grants
                WHERE grantee = 'kakeibo_app' AND table_name = 'kakeibo_events' ORDER BY 1
                """).map { $0[0]! }
            XCTAssertEqual(grants, ["INSERT", "SELECT"])
        }
    }
}

extension Harness {
    /// The pushed form of a file's events after `position`, chained for `deviceId` from zero.
    func pending(_ device: String, after position: Int64, deviceId: String) throws -> [PendingEvent] {
        let queue = try DatabaseQueue(path: path(device))
        return try queue.read { db in
            var out: [PendingEvent] = []
            var previous = Hex.zeroHash
            try EventLog.forEachStored(from: position + 1, in: db) { envelope, payload, _, _ in
                let parent = try String.fetchOne(db, sql: "SELECT event_id FROM events WHERE stream = ? AND stream_version = ?",
                                                 arguments: [envelope.stream, envelope.streamVersion - 1])
                let event = PendingEvent(envelope: envelope, payload: payload, parentEventId: parent, deviceId: deviceId,
                                         deviceSeq: Int64(out.count + 1), devicePrevHash: previous)
                previous = event.originHash
                out.append(event)
            }
            return out
        }
    }

    func eventCount() async throws -> Int {
        Int(try await sql("SELECT count(*)::text FROM kakeibo_events e JOIN kakeibo_ledgers l USING (ledger_id) WHERE l.name = '\(ledger)'")[0][0]!)!
    }
}

/// The remaining refusals of a push: 413 and 422, each leaving the ledger as it was.
final class PushRefusalTests: ServerTestCase {
    func testForgedOriginHashIs422AndTooManyEventsIs413() async throws {
        try await withServer { server in
            let token = try await server.token()
            let deviceId = DeviceToken(token)!.id
            let a = try server.makeLedger("a", seed: 1)
            _ = try await server.sync(server.path("a"), token: token)
            let synced = try a.head().position
            try server.expense(a, "5.00")
            var events = try server.pending("a", after: synced, deviceId: deviceId)
            let count = try await server.eventCount()
            events[0].payload = events[0].payload.replacingOccurrences(of: "500", with: "900") // origin hash no longer matches
            let forged = try await server.request(.post, "events", token: token, body: try JSONEncoder().encode(PushRequest(deviceId: deviceId, events: events)))
            XCTAssertEqual(forged.status, 422)
            XCTAssertEqual(forged.json["error"] as? String, "invalid-event")
            XCTAssertEqual(forged.json["eventId"] as? String, events[0].eventId)
            let tooMany = Array(repeating: events[0], count: SyncProtocol.maxPushEvents + 1)
            let large = try await server.request(.post, "events", token: token, body: try JSONEncoder().encode(PushRequest(deviceId: deviceId, events: tooMany)))
            XCTAssertEqual(large.status, 413)
            XCTAssertEqual(large.json["error"] as? String, "too-large")
            let countAfter = try await server.eventCount()
            XCTAssertEqual(countAfter, count)
        }
    }

    func testSkippingADeviceSequenceIs409WithWhatTheServerExpects() async throws {
        try await withServer { server in
            let token = try await server.token()
            let deviceId = DeviceToken(token)!.id
            let a = try server.makeLedger("a", seed: 1)
            _ = try await server.sync(server.path("a"), token: token)
            let synced = try a.head().position
            try server.expense(a, "5.00")
            try server.expense(a, "6.00")
            let events = try server.pending("a", after: synced, deviceId: deviceId)
            let reply = try await server.request(.post, "events", token: token, body: try JSONEncoder().encode(PushRequest(deviceId: deviceId, events: [events[1]])))
            XCTAssertEqual(reply.status, 409)
            XCTAssertEqual(reply.json["error"] as? String, "device-chain")
            XCTAssertEqual(reply.json["expectedSeq"] as? Int, 1)
            XCTAssertEqual(reply.json["expectedPrevHash"] as? String, Hex.zeroHash)
        }
    }
}
