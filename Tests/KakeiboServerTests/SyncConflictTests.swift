import Foundation
import KakeiboDomain
import KakeiboEventStore
import KakeiboLedger
import KakeiboServer
import KakeiboSync
import XCTest

/// Must show 2: concurrent edits never silently lose one side.
final class SyncConflictTests: ServerTestCase {
    /// The server's `TransactionConflicted` events, as every device holds them.
    static func conflictEvents(_ ledger: Ledger) throws -> [LedgerEvent.TransactionConflicted] {
        try ledger.events().compactMap { envelope in
            if case .transactionConflicted(let conflict) = try envelope.event() { return conflict }
            return nil
        }
    }

    func testSameFieldEditedTwiceIsOneConflictOnBothDevicesUntilEditedAgain() async throws {
        try await withServer { server in
            let (tokenA, tokenB) = (try await server.token(device: "a"), try await server.token(member: "bob", device: "b"))
            let a = try server.makeLedger("a", seed: 1)
            let shared = try server.expense(a, "10.00")
            _ = try await server.sync(server.path("a"), token: tokenA)
            _ = try await server.sync(server.path("b"), token: tokenB)
            try a.record(.editTransaction(.init(id: shared, amount: "11.00")))
            try server.open("b", seed: 2).record(.editTransaction(.init(id: shared, amount: "22.00", memo: .some("split with Bob"))))

            _ = try await server.sync(server.path("a"), token: tokenA)
            let b = try await server.sync(server.path("b"), token: tokenB)
            XCTAssertEqual(b.conflicted, 1)
            XCTAssertEqual(b.pushed, 0)
            XCTAssertEqual(b.openConflicts.count, 1)
            _ = try await server.sync(server.path("a"), token: tokenA)

            for device in ["a", "b"] {
                let ledger = try server.open(device, seed: 1)
                // Exactly one conflict event in the log, synced like any other.
                let events = try Self.conflictEvents(ledger)
                XCTAssertEqual(events.count, 1, device)
                let event = try XCTUnwrap(events.first)
                XCTAssertEqual(event.transactionID, shared)
                XCTAssertEqual(event.basedOn, 1, "the stream version both edits were decided against")
                XCTAssertEqual(event.member, "bob")
                XCTAssertEqual(event.deferred.count, 1)
                XCTAssertEqual(event.kept.count, 1)
                XCTAssertEqual(event.fields, [.init(field: "amount", kept: .int(1100), deferred: .int(2200))])
                // The deferred edit's whole change list travels in the log: the memo Bob typed is not lost.
                XCTAssertTrue(event.deferredChanges.canonicalString().contains("split with Bob"), device)

                let conflicts = try SyncClient.localConflicts(ledgerAt: server.path(device))
                XCTAssertEqual(conflicts.map(\.conflict), [event], device)
                // The canonically first edit stands on both; the deferred one is not applied.
                XCTAssertTrue(try server.balanceLines(ledger).contains("expenses:groceries,USD,11.00"), device)
                XCTAssertTrue(try ledger.verify().isValid)
                XCTAssertEqual(try ledger.replayDifferences(), [], "replay rebuilds the same open conflicts")
            }
            XCTAssertEqual(try server.open("a", seed: 1).head(), try server.open("b", seed: 2).head())

            // A later edit settles it everywhere, through the log alone.
            try server.open("a", seed: 1).record(.editTransaction(.init(id: shared, memo: .some("agreed: 11"))))
            let settled = try await server.sync(server.path("a"), token: tokenA)
            XCTAssertEqual(settled.pushed, 1)
            XCTAssertEqual(settled.openConflicts, [])
            _ = try await server.sync(server.path("b"), token: tokenB)
            for device in ["a", "b"] {
                let ledger = try server.open(device, seed: 1)
                XCTAssertEqual(try SyncClient.localConflicts(ledgerAt: server.path(device)), [], device)
                XCTAssertEqual(try Self.conflictEvents(ledger).count, 1, "the conflict stays in the history")
                XCTAssertEqual(try ledger.replayDifferences(), [])
                _ = try ledger.replay()
                XCTAssertEqual(try ledger.openConflicts(), [], "replay agrees it is settled")
            }
            XCTAssertEqual(try server.open("a", seed: 1).head(), try server.open("b", seed: 2).head())
            let verified = try await server.store.verify(ledger: server.ledger)
            XCTAssertNil(verified.problem.map { "\($0)" })
        }
    }

    func testRetriedConflictingPushAppendsNoSecondConflict() async throws {
        try await withServer { server in
            let (tokenA, tokenB) = (try await server.token(device: "a"), try await server.token(member: "bob", device: "b"))
            let a = try server.makeLedger("a", seed: 1)
            let shared = try server.expense(a, "10.00")
            _ = try await server.sync(server.path("a"), token: tokenA)
            _ = try await server.sync(server.path("b"), token: tokenB)
            try a.record(.editTransaction(.init(id: shared, payee: .some("Ann"))))
            _ = try await server.sync(server.path("a"), token: tokenA)
            // B edits the payee twice offline: the second edit is built on the first, which is kept
            // aside, so it is kept aside too instead of settling the conflict its parent made.
            let b = try server.open("b", seed: 2)
            try b.record(.editTransaction(.init(id: shared, payee: .some("Bob"))))
            try b.record(.editTransaction(.init(id: shared, memo: .some("lunch"))))
            let synced = b.path
            let backup = synced + ".before"
            // The file with its write-ahead log: the edits may not be checkpointed yet.
            for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: synced + suffix) {
                try FileManager.default.copyItem(atPath: synced + suffix, toPath: backup + suffix)
            }
            let first = try await server.sync(synced, token: tokenB)
            XCTAssertEqual(first.conflicted, 2)
            XCTAssertEqual(first.openConflicts.count, 2)
            let head = try await server.store.head(ledger: server.ledger, bearer: tokenA)
            // The same push again (the reply was lost): duplicates, nothing appended.
            try FileManager.default.removeItem(atPath: synced)
            for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: synced + suffix) }
            for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: backup + suffix) {
                try FileManager.default.copyItem(atPath: backup + suffix, toPath: synced + suffix)
            }
            let again = try await server.sync(synced, token: tokenB)
            XCTAssertEqual(again.conflicted, 2)
            let after = try await server.store.head(ledger: server.ledger, bearer: tokenA)
            XCTAssertEqual(after, head)
            XCTAssertEqual(try Self.conflictEvents(try server.open("b", seed: 2)).count, 2)
        }
    }

    func testEditRacingAVoidIsKeptAsideAndTheVoidStands() async throws {
        try await withServer { server in
            let (tokenA, tokenB) = (try await server.token(device: "a"), try await server.token(member: "bob", device: "b"))
            let a = try server.makeLedger("a", seed: 1)
            let shared = try server.expense(a, "10.00")
            _ = try await server.sync(server.path("a"), token: tokenA)
            _ = try await server.sync(server.path("b"), token: tokenB)
            try a.record(.voidTransaction(id: shared, reason: "duplicate"))
            try server.open("b", seed: 2).record(.editTransaction(.init(id: shared, payee: .some("Someone"))))
            _ = try await server.sync(server.path("a"), token: tokenA)
            let b = try await server.sync(server.path("b"), token: tokenB)
            XCTAssertEqual(b.conflicted, 1)
            // Every field of the deferred edit is listed against the void, with what it would have set.
            XCTAssertEqual(b.openConflicts.first?.conflict.fields,
                           [.init(field: "payee", kept: .null, deferred: .string("Someone")), .init(field: "voided", kept: .bool(true), deferred: .bool(false))])
            let lines = try server.balanceLines(try server.open("b", seed: 2))
            XCTAssertFalse(lines.contains { $0.hasPrefix("expenses:groceries") && !$0.hasSuffix(",0.00") }, "\(lines)")

            // Bob agrees the void stands: voiding again settles the conflict everywhere, moving no money.
            try server.open("b", seed: 2).record(.voidTransaction(id: shared, reason: "it was a duplicate after all"))
            let settled = try await server.syncBoth((tokenA, tokenB))
            XCTAssertEqual(settled.conflicted, 0)
            XCTAssertEqual(settled.openConflicts.count, 0)
            for (device, lines) in try server.settledBalances() {
                XCTAssertEqual(try SyncClient.localConflicts(ledgerAt: server.path(device)).count, 0, device)
                XCTAssertFalse(lines.contains { $0.hasPrefix("expenses:groceries") && !$0.hasSuffix(",0.00") }, "\(device): \(lines)")
            }
            // With nothing left to settle, a voided transaction refuses another void, as before.
            XCTAssertThrowsError(try server.open("a", seed: 1).record(.voidTransaction(id: shared, reason: nil))) {
                XCTAssertEqual($0 as? LedgerError, .transactionVoided(shared))
            }
        }
    }

    /// Two devices void the same transaction offline: the money leaves the books once, on both.
    func testTheSameTransactionVoidedOnTwoDevicesIsReversedOnce() async throws {
        try await withServer { server in
            let tokens = try await server.twoSyncedDevices()
            let shared = try server.expense(try server.open("a", seed: 1), "10.00")
            try await server.syncBoth(tokens)
            try server.open("a", seed: 1).record(.voidTransaction(id: shared, reason: "duplicate"))
            try server.open("b", seed: 2).record(.voidTransaction(id: shared, reason: "returned"))
            try await server.syncBoth(tokens)
            for (device, lines) in try server.settledBalances() {
                XCTAssertFalse(lines.contains { $0.hasPrefix("expenses:groceries") && !$0.hasSuffix(",0.00") }, "\(device): \(lines)")
            }
        }
    }

    func testOnlyTheServerRecordsConflicts() async throws {
        try await withServer { server in
            let token = try await server.token(device: "a")
            let a = try server.makeLedger("a", seed: 1)
            _ = try await server.sync(server.path("a"), token: token)
            let forged = LedgerEvent.transactionConflicted(.init(transactionID: "t", basedOn: 1, kept: [], deferred: [], member: "x",
                                                                 device: "y", fields: [], deferredChanges: .array([])))
            let envelope = EventEnvelope(position: 0, eventID: "forged-1", stream: forged.stream, streamVersion: 1, type: forged.type,
                                         schemaVersion: 1, occurredOn: nil, recordedAt: 0, source: .manual, actor: "a",
                                         commandID: "c", idempotencyKey: nil, commandHash: nil, payload: forged.payload)
            let deviceId = try XCTUnwrap(DeviceToken(token)).id
            let event = PendingEvent(envelope: envelope, payload: forged.payload.canonicalString(), parentEventId: nil,
                                     deviceId: deviceId, deviceSeq: 1, devicePrevHash: Hex.zeroHash)
            let body = try JSONEncoder().encode(PushRequest(deviceId: deviceId, events: [event]))
            let reply = try await server.request(.post, "events", token: token, body: body)
            XCTAssertEqual(reply.status, 422)
            XCTAssertEqual(reply.json["error"] as? String, "invalid-event")
            _ = a
        }
    }

    /// A date in a form people may type (`2026/11/02`) would be hashed as the text it re-encodes to, not as stored,
    /// so the server refuses it at the door rather than sequence an event no device could verify.
    func testAPushedDateNotInItsStoredFormIsRefused() async throws {
        try await withServer { server in
            let token = try await server.token(device: "a")
            let deviceId = try XCTUnwrap(DeviceToken(token)).id
            let envelope = EventEnvelope(position: 0, eventID: "redated-1", stream: "txn-redated", streamVersion: 1, type: "ExpenseCaptured",
                                         schemaVersion: 1, occurredOn: nil, recordedAt: 0, source: .manual, actor: "a",
                                         commandID: "c", idempotencyKey: nil, commandHash: nil, payload: .object([:]))
            var event = PendingEvent(envelope: envelope, payload: "{}", parentEventId: nil, deviceId: deviceId, deviceSeq: 1,
                                     devicePrevHash: Hex.zeroHash)
            event.occurredOn = "2026/11/02"
            event.originHash = event.computedOriginHash(deviceId: deviceId)
            let body = try JSONEncoder().encode(PushRequest(deviceId: deviceId, events: [event]))
            let reply = try await server.request(.post, "events", token: token, body: body)
            XCTAssertEqual(reply.status, 422)
            XCTAssertEqual(reply.json["detail"] as? String, "event redated-1: occurredOn must be a date written YYYY-MM-DD")
        }
    }
}
