import Foundation
import KakeiboDomain
import KakeiboLedger
import KakeiboServer
import KakeiboSync
import XCTest

/// Two devices open the same account or category name offline: with the same type and
/// currency the entries merge into one account; otherwise it is a conflict, listed on both,
/// with nothing lost, until the later account is renamed.
final class SyncAccountNameTests: ServerTestCase {
    static func names(_ ledger: Ledger) throws -> [String] { try ledger.accounts().map(\.account.name.rawValue) }

    func testSameNameOpenedOnTwoDevicesMergesOrConflicts() async throws {
        try await withServer { server in
            let (tokenA, tokenB) = (try await server.token(device: "a"), try await server.token(member: "bob", device: "b"))
            _ = try server.makeLedger("a", seed: 1)
            _ = try await server.sync(server.path("a"), token: tokenA)
            _ = try await server.sync(server.path("b"), token: tokenB)

            let a = try server.open("a", seed: 1), b = try server.open("b", seed: 2)
            let eur = try Currency(code: "EUR")
            for (ledger, amount, cardCurrency) in [(a, "5.00", Currency.usd), (b, "7.00", eur)] {
                try ledger.record(.openAccount(name: "assets:savings", type: .asset, currency: nil))
                try ledger.record(.makeTransfer(.init(amount: amount, date: LocalDate(iso: "2026-11-03"), from: "assets:checking", to: "assets:savings")))
                try ledger.record(.addCategory(.init(name: "pets")))
                try ledger.record(.captureExpense(.init(amount: "1.00", date: LocalDate(iso: "2026-11-03"), from: "assets:checking", to: "pets")))
                try ledger.record(.openAccount(name: "liabilities:card", type: .liability, currency: cardCurrency))
            }
            _ = try await server.sync(server.path("a"), token: tokenA)
            _ = try await server.sync(server.path("b"), token: tokenB)
            _ = try await server.sync(server.path("a"), token: tokenA)

            var digests: Set<String> = []
            for device in ["a", "b"] {
                let ledger = try server.open(device, seed: 1)
                digests.insert(try ledger.head().description)
                let lines = try server.balanceLines(ledger)
                // One savings account and one pets category, holding both devices' entries.
                XCTAssertEqual(try Self.names(ledger).filter { $0 == "assets:savings" }.count, 1, device)
                XCTAssertTrue(lines.contains("assets:savings,USD,12.00"), "\(device): \(lines)")
                XCTAssertTrue(lines.contains("expenses:pets,USD,2.00"), "\(device): \(lines)")
                // Different currencies: both cards stay, the later under a marked name, listed as a conflict.
                let cards = try Self.names(ledger).filter { $0.hasPrefix("liabilities:card") }
                XCTAssertEqual(cards.count, 2, "\(device): \(cards)")
                let conflicts = try ledger.openAccountConflicts()
                XCTAssertEqual(conflicts.map(\.name), ["liabilities:card"], device)
                XCTAssertEqual(try SyncClient.status(ledgerAt: server.path(device)).conflicts, 1)
                XCTAssertTrue(try ledger.verify().isValid)
                XCTAssertEqual(try ledger.replayDifferences(), [], device)
            }
            XCTAssertEqual(digests.count, 1)

            // Renaming the later card settles it on every device.
            let b2 = try server.open("b", seed: 2)
            let marked = try XCTUnwrap(try b2.openAccountConflicts().first).currentName
            try b2.record(.renameAccount(name: marked, newName: "liabilities:card-eur"))
            _ = try await server.sync(server.path("b"), token: tokenB)
            _ = try await server.sync(server.path("a"), token: tokenA)
            for device in ["a", "b"] {
                let ledger = try server.open(device, seed: 1)
                XCTAssertEqual(try ledger.openAccountConflicts(), [], device)
                XCTAssertTrue(try Self.names(ledger).contains("liabilities:card-eur"))
                XCTAssertEqual(try ledger.replayDifferences(), [], device)
            }
        }
    }
    /// Two devices rename two different accounts to one name offline: both renames are facts in
    /// the log, every device can still fold it, and nothing posted to either account is lost.
    func testTwoAccountsRenamedToOneNameOnTwoDevices() async throws {
        try await withServer { server in
            let tokens = try await server.twoSyncedDevices()
            let a = try server.open("a", seed: 1)
            try a.record(.openAccount(name: "assets:jar", type: .asset, currency: nil))
            try a.record(.openAccount(name: "assets:tin", type: .asset, currency: nil))
            try a.record(.makeTransfer(.init(amount: "3.00", date: LocalDate(iso: "2026-11-03"), from: "assets:checking", to: "assets:jar")))
            try a.record(.makeTransfer(.init(amount: "4.00", date: LocalDate(iso: "2026-11-03"), from: "assets:checking", to: "assets:tin")))
            try await server.syncBoth(tokens)
            try server.open("a", seed: 1).record(.renameAccount(name: "assets:jar", newName: "assets:cash box"))
            try server.open("b", seed: 2).record(.renameAccount(name: "assets:tin", newName: "assets:cash box"))
            try await server.syncBoth(tokens)
            for (device, lines) in try server.settledBalances() {
                // Both accounts keep their money; the rename the server sequenced second is marked and listed.
                XCTAssertTrue(lines.contains("assets:cash box,USD,3.00"), "\(device): A's rename came first: \(lines)")
                XCTAssertTrue(lines.contains { $0.hasPrefix("assets:cash box [") && $0.hasSuffix(",USD,4.00") }, "\(device): \(lines)")
                XCTAssertEqual(try server.open(device, seed: 1).openAccountConflicts().map(\.name), ["assets:cash box"], device)
            }

            // Renaming the marked account settles it everywhere.
            let b = try server.open("b", seed: 2)
            let marked = try XCTUnwrap(try b.openAccountConflicts().first).currentName
            try b.record(.renameAccount(name: marked, newName: "assets:tin box"))
            try await server.syncBoth(tokens)
            for (device, lines) in try server.settledBalances() {
                XCTAssertEqual(try server.open(device, seed: 1).openAccountConflicts(), [], device)
                XCTAssertTrue(lines.contains("assets:tin box,USD,4.00"), device)
            }
        }
    }
}
