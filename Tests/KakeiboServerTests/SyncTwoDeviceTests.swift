import Foundation
import KakeiboDomain
import KakeiboEventStore
import KakeiboLedger
import KakeiboServer
import KakeiboSync
import XCTest

/// Devices that worked offline converge on the server's log, byte for byte.
final class SyncTwoDeviceTests: ServerTestCase {
    /// Must show 1: A records 3 expenses and edits a transaction's payee; B records an income, an
    /// expense and edits the same transaction's amount. Sync A, B, A: equal digests, equal
    /// balances, and both edits stand.
    func testTwoOfflineDevicesConverge() async throws {
        try await withServer { server in
            let (tokenA, tokenB) = (try await server.token(device: "laptop"), try await server.token(member: "bob", device: "phone"))
            var a = try server.makeLedger("a", seed: 1)
            let shared = try server.expense(a, "10.00", payee: "Old Payee")
            let adoptedDigest = try a.head()
            var report = try await server.sync(server.path("a"), token: tokenA)
            XCTAssertEqual(report.adopted, Int(adoptedDigest.position))
            a = try server.open("a", seed: 1)
            XCTAssertEqual(try a.head(), adoptedDigest, "adopting changed the file's digest")
            report = try await server.sync(server.path("b"), token: tokenB)
            XCTAssertTrue(report.cloned)
            var b = try server.open("b", seed: 2)
            XCTAssertEqual(try b.head(), adoptedDigest)

            // Offline on both.
            for amount in ["1.00", "2.00", "3.00"] { try server.expense(a, amount) }
            try a.record(.editTransaction(.init(id: shared, payee: .some("New Payee"))))
            try server.income(b, "100.00")
            try server.expense(b, "4.50", category: "dining")
            try b.record(.editTransaction(.init(id: shared, amount: "12.34")))

            _ = try await server.sync(server.path("a"), token: tokenA)
            let bReport = try await server.sync(server.path("b"), token: tokenB)
            XCTAssertTrue(bReport.rebased, "B's events were sequenced after A's: its file must be rebuilt in server order")
            _ = try await server.sync(server.path("a"), token: tokenA)
            a = try server.open("a", seed: 1)
            b = try server.open("b", seed: 2)

            let head = try await server.store.head(ledger: server.ledger, bearer: tokenA)
            XCTAssertEqual(try a.head(), try b.head())
            XCTAssertEqual(try a.head().description, "\(head.position):\(head.hash)")
            XCTAssertEqual(head.position, adoptedDigest.position + 7)
            XCTAssertEqual(try server.balanceLines(a), try server.balanceLines(b))
            XCTAssertTrue(try a.verify().isValid)
            XCTAssertTrue(try b.verify().isValid)
            XCTAssertEqual(try a.replayDifferences(), [])
            XCTAssertEqual(try b.replayDifferences(), [])
            // Both edits stand: B's amount and A's payee.
            for ledger in [a, b] {
                let line = try XCTUnwrap(try server.balanceLines(ledger).first { $0.hasPrefix("expenses:groceries") })
                XCTAssertEqual(line, "expenses:groceries,USD,18.34")
                let edited = try XCTUnwrap(try ledger.register(account: "expenses:groceries").entries.first { $0.posted.transactionID == shared })
                XCTAssertEqual(edited.posted.payee, "New Payee")
                XCTAssertEqual(edited.posted.amount.decimalString, "12.34")
            }
            let verified = try await server.store.verify(ledger: server.ledger)
            XCTAssertNil(verified.problem.map { "\($0)" })
            XCTAssertEqual(verified.count, head.position)
        }
    }
}
