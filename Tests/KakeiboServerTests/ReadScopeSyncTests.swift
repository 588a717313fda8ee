import Foundation
import KakeiboDomain
import KakeiboLedger
import KakeiboServer
import KakeiboSync
import XCTest

/// N10: a device with a read-scope token that records something locally still pulls; its own events stay after the
/// server's, unsynced, instead of every sync being refused 403 from then on.
final class ReadScopeSyncTests: ServerTestCase {
    func testAReadTokenStillPullsAndKeepsItsOwnEventsPending() async throws {
        try await withServer { server in
            let alice = try await server.token(device: "a")
            let kid = try await server.token(.read, member: "kid", device: "k")
            let a = try server.makeLedger("a", seed: 1)
            _ = try await server.sync(server.path("a"), token: alice)
            _ = try await server.sync(server.path("k"), token: kid)

            try server.expense(try server.open("k", seed: 3), "5.00", payee: "Robux", category: "dining")
            try server.expense(a, "12.00", payee: "Green Grocer")
            _ = try await server.sync(server.path("a"), token: alice)

            let first = try await server.sync(server.path("k"), token: kid)
            XCTAssertEqual(first.unpushed, 1)
            XCTAssertEqual(first.pulled, 1)
            let k = try server.open("k", seed: 3)
            let lines = try server.balanceLines(k)
            XCTAssertTrue(lines.contains("expenses:groceries,USD,12.00"), "\(lines)")
            XCTAssertTrue(lines.contains("expenses:dining,USD,5.00"), "the kid's own expense is kept: \(lines)")
            XCTAssertTrue(try k.verify().isValid)
            XCTAssertEqual(try k.replayDifferences(), [])
            XCTAssertEqual(try SyncClient.status(ledgerAt: server.path("k")).pending, 1)

            // Later syncs keep pulling; nothing the kid recorded reaches the server.
            try server.expense(a, "3.00", payee: "Corner Shop")
            _ = try await server.sync(server.path("a"), token: alice)
            let second = try await server.sync(server.path("k"), token: kid)
            XCTAssertEqual(second.pulled, 1)
            XCTAssertEqual(second.unpushed, 1)
            let third = try await server.sync(server.path("k"), token: kid)
            XCTAssertEqual(third.pulled, 0)
            XCTAssertTrue(try server.balanceLines(try server.open("k", seed: 3)).contains("expenses:groceries,USD,15.00"))
            XCTAssertFalse(try server.balanceLines(try server.open("a", seed: 1)).contains { $0.hasPrefix("expenses:dining") })
        }
    }

    /// An own edit of a field the server's log changed meanwhile cannot be put on top without the server's rule: refused,
    /// with the way out, and the file as it was.
    func testAReadTokenEditClashingWithThePulledOneIsRefusedAndLeavesTheFile() async throws {
        try await withServer { server in
            let alice = try await server.token(device: "a")
            let kid = try await server.token(.read, member: "kid", device: "k")
            let a = try server.makeLedger("a", seed: 1)
            let shared = try server.expense(a, "10.00")
            _ = try await server.sync(server.path("a"), token: alice)
            _ = try await server.sync(server.path("k"), token: kid)
            try server.open("k", seed: 3).record(.editTransaction(.init(id: shared, amount: "1.00")))
            try a.record(.editTransaction(.init(id: shared, amount: "11.00")))
            _ = try await server.sync(server.path("a"), token: alice)
            let before = try server.open("k", seed: 3).head()
            do {
                _ = try await server.sync(server.path("k"), token: kid)
                XCTFail("a clashing edit was put on top")
            } catch let error as SyncError {
                XCTAssertTrue(error.description.contains("write token"), error.description)
            }
            XCTAssertEqual(try server.open("k", seed: 3).head(), before)
        }
    }
}
