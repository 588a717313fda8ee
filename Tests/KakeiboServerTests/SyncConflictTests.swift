import Foundation
import KakeiboLedger
import KakeiboServer
import KakeiboSync
import XCTest

/// Must show 2: concurrent edits never silently lose one side.
final class SyncConflictTests: ServerTestCase {
    func testSameFieldEditedTwiceIsOneConflictOnBothDevicesUntilEditedAgain() async throws {
        try await withServer { server in
            let (tokenA, tokenB) = (try await server.token(device: "a"), try await server.token(member: "bob", device: "b"))
            let a = try server.makeLedger("a", seed: 1)
            let shared = try server.expense(a, "10.00")
            _ = try await server.sync(server.path("a"), token: tokenA)
            _ = try await server.sync(server.path("b"), token: tokenB)
            try a.record(.editTransaction(.init(id: shared, amount: "11.00")))
            try server.open("b", seed: 2).record(.editTransaction(.init(id: shared, amount: "22.00")))

            _ = try await server.sync(server.path("a"), token: tokenA)
            let b = try await server.sync(server.path("b"), token: tokenB)
            XCTAssertEqual(b.conflicted, 1)
            XCTAssertEqual(b.pushed, 0)
            _ = try await server.sync(server.path("a"), token: tokenA)
            for device in ["a", "b"] {
                let conflicts = try SyncClient.localConflicts(ledgerAt: server.path(device))
                XCTAssertEqual(conflicts.count, 1, device)
                XCTAssertEqual(conflicts.first?.stream, "txn-\(shared)")
                XCTAssertEqual(conflicts.first?.fields, ["amount"])
                XCTAssertEqual(conflicts.first?.member, "bob")
                // The canonically first edit stands on both; the deferred one is not applied.
                let lines = try server.balanceLines(try server.open(device, seed: 1))
                XCTAssertTrue(lines.contains("expenses:groceries,USD,11.00"), "\(device): \(lines)")
            }
            XCTAssertEqual(try server.open("a", seed: 1).head(), try server.open("b", seed: 2).head())

            // A later edit, decided against the current state, settles it everywhere.
            try server.open("b", seed: 2).record(.editTransaction(.init(id: shared, amount: "22.00")))
            let settled = try await server.sync(server.path("b"), token: tokenB)
            XCTAssertEqual(settled.pushed, 1)
            XCTAssertEqual(settled.openConflicts, [])
            _ = try await server.sync(server.path("a"), token: tokenA)
            for device in ["a", "b"] {
                XCTAssertEqual(try SyncClient.localConflicts(ledgerAt: server.path(device)), [], device)
                XCTAssertTrue(try server.balanceLines(try server.open(device, seed: 1)).contains("expenses:groceries,USD,22.00"))
            }
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
            XCTAssertEqual(b.openConflicts.first?.fields, ["voided"])
            let lines = try server.balanceLines(try server.open("b", seed: 2))
            XCTAssertFalse(lines.contains { $0.hasPrefix("expenses:groceries") && !$0.hasSuffix(",0.00") }, "\(lines)")
        }
    }
}
