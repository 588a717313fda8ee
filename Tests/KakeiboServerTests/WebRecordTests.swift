import Foundation
import KakeiboDomain
import KakeiboLedger
import KakeiboServer
import KakeiboSync
import XCTest

/// The server deciding a browser's command (issue 31): against its replica, under the ledger's lock,
/// appended to PostgreSQL with the replica's hashes, and synced to devices like any other event.
final class WebRecordTests: ServerTestCase {
    static var lunch: LedgerCommand {
        .captureExpense(.init(amount: "12.50", date: try! LocalDate(iso: "2026-11-20"), from: "assets:checking", to: "groceries", payee: "Corner Shop"))
    }

    static func signIn(_ h: Harness, member: String = "alice", scope: Scope = .write) async throws -> WebCaller {
        let invite = try await h.store.createInvite(ledger: h.ledger, member: member, scope: scope)
        return try await h.store.redeemInvite(code: invite.code, userAgent: nil).caller
    }

    func testACaptureIsRecordedOnceAndSyncsToADevice() async throws {
        try await withServer { h in
            let tokens = try await h.twoSyncedDevices()
            let caller = try await Self.signIn(h)
            let headBefore = try await h.sql("SELECT head_position::text FROM kakeibo_ledgers WHERE name = '\(h.ledger)'")[0][0]!
            let first: RecordResult
            do { first = try await h.store.record(Self.lunch, ledger: h.ledger, caller: caller, idempotencyKey: "form-1") } catch { XCTFail(String(reflecting: error)); throw error }
            XCTAssertFalse(first.alreadyRecorded)
            let txn = try XCTUnwrap(first.transactionID)
            // A double submit of the same form records once and answers with the first result.
            let second = try await h.store.record(Self.lunch, ledger: h.ledger, caller: caller, idempotencyKey: "form-1")
            XCTAssertTrue(second.alreadyRecorded)
            XCTAssertEqual(second.transactionID, txn)
            XCTAssertEqual(second.positions, first.positions)
            let rows = try await h.sql("""
                SELECT position::text, actor, source, device_id FROM kakeibo_events e JOIN kakeibo_ledgers l USING (ledger_id)
                WHERE l.name = '\(h.ledger)' AND e.position > \(headBefore) ORDER BY position
                """)
            XCTAssertEqual(rows, [[String(first.position), "alice", "web", caller.deviceId]])
            // The render side sees it at once.
            let listed = try await h.store.withReplica(ledger: h.ledger) { ledger in try ledger.balances().accounts.map { "\($0.account)" } }
            XCTAssertTrue(listed.contains("expenses:groceries"), "\(listed)")
            // A device syncs it; both devices and the server hold one sound log with one head.
            _ = try await h.syncBoth(tokens)
            let b = try h.open("b", seed: 2)
            XCTAssertEqual(try b.resolveTransactionID(txn), txn)
            XCTAssertEqual(try h.balanceLines(b).filter { $0.hasPrefix("expenses:groceries") }, ["expenses:groceries,USD,12.50"])
            _ = try h.settledBalances()
            let chain = try await h.store.verify(ledger: h.ledger)
            XCTAssertNil(chain.problem)
            let books = try await h.store.verifyBooks(ledger: h.ledger)
            XCTAssertNil(books)
            // A device pushing after the capture still syncs (its events follow the browser's).
            let a = try h.open("a", seed: 1)
            try h.expense(a, "3.00")
            _ = try await h.syncBoth(tokens)
            _ = try h.settledBalances()
        }
    }

    func testAReadScopeMemberGets403AndNothingIsAppended() async throws {
        try await withServer { h in
            _ = try await h.twoSyncedDevices()
            let reader = try await Self.signIn(h, member: "bob", scope: .read)
            let before = try await h.sql("SELECT head_position::text, head_hash FROM kakeibo_ledgers WHERE name = '\(h.ledger)'")
            do {
                _ = try await h.store.record(Self.lunch, ledger: h.ledger, caller: reader, idempotencyKey: "form-1")
                XCTFail("recorded with read scope")
            } catch let error as ServerError {
                XCTAssertEqual(error.status.code, 403)
                XCTAssertTrue(error.body.detail.contains("may only read"), error.body.detail)
            }
            let after = try await h.sql("SELECT head_position::text, head_hash FROM kakeibo_ledgers WHERE name = '\(h.ledger)'")
            XCTAssertEqual(after, before)
            // Reading is allowed: the replica is at PostgreSQL's head.
            let position = try await h.store.withReplica(ledger: h.ledger) { ledger in try ledger.head().position }
            XCTAssertEqual(String(position), before[0][0])
        }
    }

    func testACommandTheLedgerRefusesAppendsNothing() async throws {
        try await withServer { h in
            _ = try await h.twoSyncedDevices()
            let caller = try await Self.signIn(h)
            let before = try await h.sql("SELECT head_position::text, head_hash FROM kakeibo_ledgers WHERE name = '\(h.ledger)'")
            let bad = LedgerCommand.captureExpense(.init(amount: "1.00", date: try LocalDate(iso: "2026-11-20"), from: "assets:nowhere",
                                                         to: "groceries", payee: "X"))
            do {
                _ = try await h.store.record(bad, ledger: h.ledger, caller: caller, idempotencyKey: "form-2")
                XCTFail("recorded from an unknown account")
            } catch is LedgerError {}
            let after = try await h.sql("SELECT head_position::text, head_hash FROM kakeibo_ledgers WHERE name = '\(h.ledger)'")
            XCTAssertEqual(after, before)
            // And the next capture still lands.
            let next = try await h.store.record(Self.lunch, ledger: h.ledger, caller: caller, idempotencyKey: "form-3")
            XCTAssertNotNil(next.transactionID)
        }
    }
}
