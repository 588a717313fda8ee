import Foundation
import KakeiboDomain
import KakeiboInterop
import KakeiboLedger
import KakeiboServer
import KakeiboSync
import XCTest

/// The same journal or CSV lines imported on two devices while apart: the idempotency keys
/// that make a re-import append nothing on one device make the second device's copy count once
/// across the household, instead of being refused for good by the server.
final class SyncImportTests: ServerTestCase {
    static let bank = """
        2026-11-01 Bakery
            expenses:groceries   $8.00
            assets:checking

        2026-11-02 Bus
            expenses:transport   $2.50
            assets:checking

        """

    /// `text` imported as `name` on both devices, offline.
    static func importOnBoth(_ text: String, name: String, _ server: Harness) throws {
        for (device, seed) in [("a", UInt64(1)), ("b", UInt64(2))] {
            _ = try JournalImporter.importJournal(try JournalReader.read(text: text, name: name), into: try server.open(device, seed: seed))
        }
    }

    /// One bank journal imported on two devices offline: its transactions count once on every
    /// device, and the second device's sync goes through (it used to be refused for good: 422,
    /// "repeats a key the ledger already holds", stranding everything recorded after).
    func testTheSameJournalImportedOnTwoDevicesOfflineCountsOnce() async throws {
        try await withServer { server in
            let tokens = try await server.twoSyncedDevices()
            try Self.importOnBoth(Self.bank, name: "bank.journal", server)
            // Bob records something of his own after the import: it must not be stranded.
            _ = try server.expense(try server.open("b", seed: 2), "1.25", payee: "Kiosk")
            let b = try await server.syncBoth(tokens)
            XCTAssertEqual(b.alreadyRecorded, 2, "the two keyed transactions")
            XCTAssertTrue(b.rebased)
            for (device, lines) in try server.settledBalances() {
                XCTAssertTrue(lines.contains("expenses:groceries,USD,9.25"), "\(device): 8.00 once and Bob's 1.25: \(lines)")
                XCTAssertTrue(lines.contains("expenses:transport,USD,2.50"), "\(device): \(lines)")
            }
            // The journal again on Bob's device now appends nothing: the ledger's copy answers for it.
            let again = try JournalImporter.importJournal(try JournalReader.read(text: Self.bank, name: "bank.journal"),
                                                         into: try server.open("b", seed: 2))
            XCTAssertEqual(again.appended, 0)
        }
    }

    /// The reply to such a push lost on the way: sending the same push again gets the same
    /// answers and appends nothing (the device chain moved on past the events kept aside).
    func testAPushOfAnAlreadyRecordedCommandIsIdempotent() async throws {
        try await withServer { server in
            let tokens = try await server.twoSyncedDevices()
            let synced = try server.open("b", seed: 2).head().position
            try Self.importOnBoth(Self.bank, name: "bank.journal", server)
            _ = try await server.sync(server.path("a"), token: tokens.a)
            let deviceB = try XCTUnwrap(DeviceToken(tokens.b)).id
            // basedOn, as the sync client sends it: B opened the journal's accounts having synced only to `synced`, so its opens
            // are concurrent with A's and merge by name. Without it the server reads a push strictly (as of its head) and
            // refuses an open of a name already in the ledger (name-in-use, issue 30).
            let body = try JSONEncoder().encode(PushRequest(deviceId: deviceB, events: try server.pending("b", after: synced, deviceId: deviceB),
                                                            basedOn: synced))
            let first = try await server.request(.post, "events", token: tokens.b, body: body)
            XCTAssertEqual(first.status, 200)
            let count = try await server.eventCount()
            let second = try await server.request(.post, "events", token: tokens.b, body: body)
            XCTAssertEqual(second.status, 200)
            let outcomes = { (reply: [String: Any]) in (reply["results"] as! [[String: Any]]).map { $0["outcome"] as! String } }
            XCTAssertEqual(outcomes(first.json).filter { $0 == "already-recorded" }.count, 2)
            XCTAssertEqual(outcomes(second.json), outcomes(first.json).map { $0 == "already-recorded" ? $0 : "duplicate" })
            let after = try await server.eventCount()
            XCTAssertEqual(after, count)
            // The file still syncs and ends with the ledger's one copy.
            try await server.syncBoth(tokens)
            XCTAssertTrue(try server.settledBalances()["b"]!.contains("expenses:groceries,USD,8.00"))
        }
    }

    /// A journal that declares its own commodity, imported on both devices: the declaration is
    /// not keyed (it opens nothing twice on one device), so both reach the log; the second used
    /// to stop every device's fold on the unique symbol.
    func testACommodityDeclaredByTheSameImportOnTwoDevices() async throws {
        try await withServer { server in
            let tokens = try await server.twoSyncedDevices()
            try Self.importOnBoth("""
                commodity 0.00000000 BTC

                2026-11-01 Exchange
                    assets:crypto   0.01000000 BTC @@ $420.00
                    assets:checking

                """, name: "crypto.journal", server)
            try await server.syncBoth(tokens)
            let balances = try server.settledBalances()
            XCTAssertTrue(balances["a"]!.contains { $0.hasPrefix("assets:crypto,BTC,0.01") }, "\(balances)")
            XCTAssertEqual(balances["a"], balances["b"])
        }
    }

    /// A keyed command that opened accounts on its way (the first conversion between two
    /// commodities opens its two equity accounts), recorded on both devices: the second device's
    /// opens still go in, merged by name, so what it posts to them afterwards folds everywhere.
    func testAnAlreadyRecordedCommandKeepsTheAccountsItOpened() async throws {
        try await withServer { server in
            let tokens = (a: try await server.token(device: "a"), b: try await server.token(member: "bob", device: "b"))
            let a = try server.makeLedger("a", seed: 1)
            let eur = try Currency(code: "EUR")
            try a.record(.openAccount(name: "assets:euros", type: .asset, currency: eur))
            try await server.syncBoth(tokens)
            func exchange(_ euros: String, _ dollars: String) -> LedgerCommand {
                var bought = LedgerCommand.PostingInput(account: "assets:euros", amount: euros, currency: eur)
                bought.cost = .init(per: .total, value: dollars, commodity: .usd)
                return .recordTransaction(.init(date: try! LocalDate(iso: "2026-11-01"), payee: "Bureau", postings: [
                    bought, .init(account: "assets:checking", amount: "-" + dollars, currency: .usd),
                ]))
            }
            for (device, seed) in [("a", UInt64(1)), ("b", UInt64(2))] {
                try server.open(device, seed: seed).record(exchange("10.00", "11.00"), options: CommandOptions(idempotencyKey: "bank:row-1"))
            }
            try server.open("b", seed: 2).record(exchange("5.00", "5.60"))
            let b = try await server.syncBoth(tokens)
            XCTAssertEqual(b.alreadyRecorded, 1, "the keyed transaction; its account opens went in")
            let balances = try server.settledBalances()
            XCTAssertTrue(balances["a"]!.contains("assets:euros,EUR,15.00"), "10.00 once, then 5.00: \(balances)")
            XCTAssertEqual(balances["a"], balances["b"])
        }
    }
}
