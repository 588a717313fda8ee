import Foundation
import GRDB
import KakeiboDomain
import KakeiboLedger
import KakeiboSync
import XCTest

/// A rebase after another device's push, on a ledger with many synced events: the file undoes only its own
/// unsynced events' folds (the undo their writes kept, migration 0026) instead of folding the whole log again,
/// and its projections still equal a replay (issue 30: the 8.4 s one-event rebase on 100k events).
final class SyncRebaseUndoTests: ServerTestCase {
    private static func undoRows(_ path: String) throws -> [[Int64]] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT after_position, through_position FROM projection_undo ORDER BY seq").map { [$0[0], $0[1]] }
        }
    }

    private static func forgetUndo(_ path: String) throws {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        try queue.write { db in try db.execute(sql: "DELETE FROM projection_undo") }
    }

    func testARebaseAfterManySyncedEventsUndoesOnlyItsOwnEventsAndEqualsAReplay() async throws {
        try await withServer { server in
            let tokens = try await server.twoSyncedDevices()
            var a = try server.open("a", seed: 1)
            var shared: [String] = []
            for index in 0..<300 {
                shared.append(try server.expense(a, "\(index % 40 + 1).\(10 + index % 90)", payee: "Shop \(index % 13)",
                                                 category: index % 4 == 0 ? "dining" : "groceries"))
            }
            try await server.syncBoth(tokens)
            var b = try server.open("b", seed: 2)
            let synced = try b.head().position
            XCTAssertEqual(try Self.undoRows(server.path("b")), [], "nothing is kept for synced events")

            // Offline on both; B's writes keep the undo of their folds.
            try server.expense(a, "3.00")
            try a.record(.editTransaction(.init(id: shared[5], payee: .some("A's payee"))))
            try server.income(b, "100.00")
            try server.expense(b, "4.50", category: "dining")
            try b.record(.editTransaction(.init(id: shared[7], amount: "12.34")))
            try b.record(.voidTransaction(id: shared[9], reason: "duplicate"))
            try b.record(.addCategory(.init(name: "travel")))
            XCTAssertEqual(try Self.undoRows(server.path("b")).first?.first, synced)
            XCTAssertEqual(try Self.undoRows(server.path("b")).count, 5, "one per write")
            XCTAssertEqual(try Self.undoRows(server.path("b")).last?.last, try b.head().position)

            _ = try await server.sync(server.path("a"), token: tokens.a)
            let report = try await server.sync(server.path("b"), token: tokens.b)
            XCTAssertTrue(report.rebased, "A's events were sequenced first")
            XCTAssertFalse(report.refolded, "the rebase undid B's own events instead of folding \(synced) again")
            XCTAssertEqual(try Self.undoRows(server.path("b")), [], "synced: their undo is forgotten")
            _ = try await server.sync(server.path("a"), token: tokens.a)

            a = try server.open("a", seed: 1)
            b = try server.open("b", seed: 2)
            XCTAssertEqual(try a.head(), try b.head())
            XCTAssertEqual(try b.replayDifferences(), [], "the undone and refolded projections equal a replay")
            XCTAssertEqual(try a.replayDifferences(), [])
            XCTAssertEqual(try server.balanceLines(a), try server.balanceLines(b))
        }
    }

    func testARebaseWithoutKeptUndoFoldsFromTheStart() async throws {
        try await withServer { server in
            let (tokenA, tokenB) = (try await server.token(device: "a"), try await server.token(member: "bob", device: "b"))
            let a = try server.makeLedger("a", seed: 1)
            try server.expense(a, "1.00")
            _ = try await server.sync(server.path("a"), token: tokenA)
            _ = try await server.sync(server.path("b"), token: tokenB)
            let b = try server.open("b", seed: 2)
            try server.expense(b, "2.00")
            try server.expense(a, "3.00")
            // The undo kept on B is dropped by hand, as if its event had been recorded by a Kakeibo before 0026.
            try Self.forgetUndo(server.path("b"))
            _ = try await server.sync(server.path("a"), token: tokenA)
            let report = try await server.sync(server.path("b"), token: tokenB)
            XCTAssertTrue(report.rebased)
            XCTAssertTrue(report.refolded)
            XCTAssertEqual(try server.open("b", seed: 2).replayDifferences(), [])
        }
    }
}
