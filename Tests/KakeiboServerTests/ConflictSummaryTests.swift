import Foundation
import KakeiboDomain
import KakeiboLedger
import KakeiboServer
import KakeiboSync
import XCTest

/// N11: a sync says how many of this device's edits the server kept aside, and each open conflict reads as values a
/// person knows: `66.66 USD (kept 77.77 USD)`, the payee that stands, "voided first" instead of `voided false (kept true)`.
final class ConflictSummaryTests: ServerTestCase {
    func testKeptAsideEditsAreCountedAndReadAsMoneyAndPayees() async throws {
        try await withServer { server in
            let tokens = try await server.twoSyncedDevices()
            let a = try server.open("a", seed: 1)
            let shared = try server.expense(a, "10.00", payee: "Green Grocer #101")
            let voided = try server.expense(a, "40.00", payee: "Bakery")
            try await server.syncBoth(tokens)

            try a.record(.editTransaction(.init(id: shared, amount: "77.77")))
            try a.record(.voidTransaction(id: voided, reason: "duplicate"))
            let b = try server.open("b", seed: 2)
            try b.record(.editTransaction(.init(id: shared, amount: "66.66")))
            try b.record(.editTransaction(.init(id: shared, payee: .some("Bob's Grocer"))))
            try b.record(.editTransaction(.init(id: voided, amount: "41.00")))
            _ = try await server.sync(server.path("a"), token: tokens.a)
            let report = try await server.sync(server.path("b"), token: tokens.b)
            XCTAssertEqual(report.conflicted, 3, "all three of bob's edits were kept aside")

            let summaries = try server.open("b", seed: 2).conflictSummaries()
            XCTAssertEqual(summaries.count, 3)
            let amount = try XCTUnwrap(summaries.first { $0.transactionID == shared && $0.fields.first?.field == "amount" })
            XCTAssertEqual(amount.fields, [.init(field: "amount", wanted: "66.66 USD", kept: "77.77 USD")])
            XCTAssertFalse(amount.voided)
            XCTAssertFalse(amount.afterKeptAside)
            XCTAssertEqual(amount.member, "bob")
            XCTAssertEqual(amount.keptBy, ["a"], "who made the edit that stands (device a's actor)")
            let payee = try XCTUnwrap(summaries.first { $0.fields.first?.field == "payee" })
            XCTAssertEqual(payee.fields, [.init(field: "payee", wanted: "Bob's Grocer", kept: "Green Grocer #101")])
            XCTAssertTrue(payee.afterKeptAside, "built on bob's own kept-aside amount edit")
            let void = try XCTUnwrap(summaries.first { $0.transactionID == voided })
            XCTAssertTrue(void.voided)
            XCTAssertEqual(void.keptBy, ["a"])
            XCTAssertEqual(void.fields.map(\.field), ["amount"], "no `voided` pseudo-field")
            XCTAssertEqual(void.fields.first?.wanted, "41.00 USD")
            XCTAssertEqual(try server.open("b", seed: 2).conflictSummaries(of: voided).count, 1)
        }
    }
}
