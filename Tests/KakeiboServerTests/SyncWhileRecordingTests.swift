import Foundation
import KakeiboLedger
import KakeiboServer
import KakeiboSync
import Synchronization
import XCTest

/// A household's phone records an expense while the laptop's `kakeibo sync` of the same file is between its round
/// trips. The sync lock holds off other syncs only, so the expense lands in the file mid-sync: it must never be lost
/// (the rebase used to rebuild the file beside the old one and rename it over, dropping it), and the sync must push it.
final class SyncWhileRecordingTests: ServerTestCase {
    /// No other device pushed in between: the server's log extends the file's.
    func testAnExpenseRecordedDuringThePushIsKeptAndPushed() async throws {
        try await withServer { server in
            let token = try await server.token(device: "laptop")
            let ledger = try server.makeLedger("a", seed: 1)
            _ = try server.expense(ledger, "1.00")
            _ = try await server.sync(server.path("a"), token: token)
            _ = try server.expense(ledger, "2.00")

            let report = try await Self.syncRecording("3.00", into: "a", seed: 3, token: token, server: server)
            try await Self.assertConverged(["a"], server: server, groceries: "6.00")
            XCTAssertFalse(report.rebased)
        }
    }

    /// Another device pushed first, so the file is rewritten in the server's order: the expense recorded during the
    /// push survives the rewrite and is pushed on the sync's second pass.
    func testAnExpenseRecordedDuringARebasingSyncIsKeptAndPushed() async throws {
        try await withServer { server in
            let (tokenA, tokenB) = (try await server.token(device: "laptop"), try await server.token(member: "bob", device: "phone"))
            let a = try server.makeLedger("a", seed: 1)
            _ = try server.expense(a, "1.00")
            _ = try await server.sync(server.path("a"), token: tokenA)
            _ = try await server.sync(server.path("b"), token: tokenB)
            let b = try server.open("b", seed: 2)
            _ = try server.expense(b, "2.00")
            _ = try server.expense(a, "4.00")
            _ = try await server.sync(server.path("a"), token: tokenA)

            _ = try await Self.syncRecording("8.00", into: "b", seed: 4, token: tokenB, server: server)
            _ = try await server.sync(server.path("a"), token: tokenA)
            try await Self.assertConverged(["a", "b"], server: server, groceries: "15.00")
            XCTAssertEqual(try server.open("b", seed: 2).unsyncedTransactionIDs(), [])
        }
    }

    /// One sync of `device` whose first push records `amount` into the same file through another connection first.
    private static func syncRecording(_ amount: String, into device: String, seed: UInt64, token: String,
                               server: Harness) async throws -> SyncReport {
        let recorded = Mutex(false)
        let transport = HookedTransport(inner: RouterTransport(client: server.client)) { method, path in
            guard method == "POST", path.hasSuffix("/events"), !recorded.withLock({ $0 }) else { return }
            recorded.withLock { $0 = true }
            _ = try server.expense(try server.open(device, seed: seed), amount)
        }
        let report = try await SyncClient(remote: server.remote, token: token, transport: transport).sync(ledgerAt: server.path(device))
        XCTAssertTrue(recorded.withLock { $0 }, "the sync pushed nothing, so nothing was recorded during it")
        return report
    }

    private static func assertConverged(_ devices: [String], server: Harness, groceries: String) async throws {
        let head = try await server.store.head(ledger: server.ledger, bearer: try await server.token(.read, member: "kid", device: "tablet"))
        for (index, device) in devices.enumerated() {
            let ledger = try server.open(device, seed: UInt64(index + 1))
            XCTAssertEqual(try ledger.head().description, "\(head.position):\(head.hash)", "\(device) is not on the server's head")
            XCTAssertTrue(try ledger.verify().isValid, "\(device) does not verify (append-only triggers and chain)")
            XCTAssertEqual(try ledger.replayDifferences(), [])
            let lines = try server.balanceLines(ledger)
            XCTAssertTrue(lines.contains("expenses:groceries,USD,\(groceries)"), "\(device): \(lines)")
        }
    }
}

/// A transport that runs `before` ahead of forwarding each request.
private struct HookedTransport: SyncTransport {
    let inner: any SyncTransport
    let before: @Sendable (_ method: String, _ path: String) throws -> Void

    func send(method: String, path: String, query: [String: String], body: Data?, token: String) async throws -> (status: Int, body: Data) {
        try before(method, path)
        return try await inner.send(method: method, path: path, query: query, body: body, token: token)
    }
}
