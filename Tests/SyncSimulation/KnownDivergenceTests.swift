import Foundation
import KakeiboDomain
import KakeiboLedger
import XCTest

/// The divergences issue 30 names, each as a written-out schedule on the simulator (no faults), checked by the same
/// invariants as the drawn ones. While one is open (`KnownDivergences.open`) its test is skipped, printing why.
final class KnownDivergenceTests: XCTestCase {
    var postgresURL: String!

    override func setUpWithError() throws {
        guard let url = ProcessInfo.processInfo.environment["KAKEIBO_TEST_POSTGRES"], !url.isEmpty else {
            throw XCTSkip("KAKEIBO_TEST_POSTGRES is not set: `bash Tests/Postgres/with-postgres.sh` starts a throwaway PostgreSQL")
        }
        postgresURL = url
    }

    /// Runs `script` on `devices` synced devices and checks the invariants; skipped while `kind` is a known open divergence.
    func check(_ kind: Violation.Kind, devices: Int = 2, file: StaticString = #filePath, line: UInt = #line,
               _ script: @escaping (Simulation) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-sim-\(name)-\(UUID().uuidString)")
        let simulation = Simulation(seed: 0, options: .init(devices: devices, steps: 0), postgresURL: postgresURL, directory: directory)
        let violations = try await simulation.run(script: script)
        if !violations.isEmpty, violations.allSatisfy({ $0.kind == kind }), let reason = KnownDivergences.open[kind] {
            print("\(name): known open divergence \(kind.rawValue), skipped: \(reason)\n  " + violations.map(\.description).joined(separator: "\n  "))
            throw XCTSkip("known open divergence \(kind.rawValue): \(reason)")
        }
        XCTAssertEqual(violations, [], "\n" + simulation.trace.joined(separator: "\n"), file: file, line: line)
    }

    /// (1) Two devices declare BTC offline, at 8 and at 6 decimals, and sync: both must still converge.
    func testCommodityDeclaredAtTwoPrecisionsOfflineConverges() async throws {
        try await check(.commodityPrecision) { sim in
            try sim.record(0, .declareCommodity(Commodity(uncheckedCode: "BTC", minorDigits: 8), display: nil))
            try sim.record(1, .declareCommodity(Commodity(uncheckedCode: "BTC", minorDigits: 6), display: nil))
            await sim.syncAll()
        }
    }

    /// (1, with amounts) Each device records BTC at its own declared precision while apart (0.12345678 under 8
    /// decimals, 1.5 under 6): after the sync every device counts both at 8 decimals, the same as a replay. Either
    /// device may reach the server first: the 6-decimal declaration first makes the 8-decimal one grow the commodity.
    func testAmountsUnderTwoPrecisionsOfOneCommodityConverge() async throws {
        for first in [0, 1] {
            try await check(.commodityPrecision) { sim in
                try sim.importJournal(0, name: "coins-a.journal", text: """
                    commodity BTC 1.00000000

                    2026-11-03 Coins
                        assets:coins   0.12345678 BTC
                        equity:opening

                    """)
                try sim.importJournal(1, name: "coins-b.journal", text: """
                    commodity BTC 1.000000

                    2026-11-04 More coins
                        assets:coins   1.500000 BTC
                        equity:opening

                    """)
                await sim.syncAll(startingWith: first)
                await sim.syncAll(startingWith: first) // the device that synced first pulls what the other pushed
                for device in sim.devices.indices {
                    let coins = try sim.devices[device].open().balances().accounts.map(\.amount)
                        .filter { $0.currency.code == "BTC" && $0.minorUnits > 0 }
                    XCTAssertEqual(coins.map(\.currency.minorDigits), Array(repeating: 8, count: coins.count), "first \(first), device \(device): \(coins)")
                    XCTAssertEqual(coins.map(\.minorUnits).reduce(0, +), 162_345_678, "first \(first), device \(device): \(coins)")
                }
            }
        }
    }

    /// (2) One journal imported on two devices offline; the second device edits its copy before it syncs. Its copy is
    /// kept aside as already-recorded; the edit must not be lost with it.
    func testAnEditOfADuplicateImportCopyIsNotLost() async throws {
        try await check(.lostEditOfAlreadyRecorded) { sim in
            try sim.importJournal(0, 0)
            try sim.importJournal(1, 0)
            let copy = try sim.devices[1].open().transactions().first { $0.payee == "Bakery" }!.id
            try sim.record(1, .editTransaction(.init(id: copy, memo: .some("paid with the new card"))))
            await sim.syncAll()
        }
    }

    /// (2, found by seeds 637 and 1729) The same, but the reply to the push that kept the copy aside is lost, so the
    /// device still holds its copy and voids it: that later push is not kept aside with the copy, and the server
    /// refuses it for good (422 unknown-transaction).
    func testAVoidOfADuplicateImportCopyPushedLaterDoesNotStrandTheDevice() async throws {
        try await check(.strandedAfterAlreadyRecorded) { sim in
            try sim.importJournal(0, 1)
            try sim.importJournal(1, 1)
            await sim.sync(0, final: true)
            sim.dropPushResponses = 1
            await sim.sync(1)
            let copy = try XCTUnwrap(sim.devices[1].open().transactions().first { $0.payee == "Cinema" }?.id)
            try sim.record(1, .voidTransaction(id: copy, reason: nil))
            await sim.syncAll(startingWith: 1)
        }
    }

    /// (3) One account renamed to two names on two devices offline: one rename must not silently win.
    func testOneAccountRenamedToTwoNamesOfflineIsAConflict() async throws {
        try await check(.renameLastWins) { sim in
            try sim.record(0, .openAccount(name: "assets:cash", type: nil, currency: nil))
            await sim.syncAll()
            try sim.record(0, .renameAccount(name: "assets:cash", newName: "assets:wallet"))
            try sim.record(1, .renameAccount(name: "assets:cash", newName: "assets:pot"))
            await sim.syncAll()
        }
    }

    /// (4) A transaction voided on one device and edited on the other offline: the conflict the server lists must be
    /// settleable (the final phase voids it again, as `kakeibo void` of it does, and syncs).
    func testAConflictAgainstAVoidCanBeSettled() async throws {
        try await check(.unsettledVoidConflict) { sim in
            let id = try sim.record(0, .captureExpense(.init(amount: "20.00", date: try LocalDate(iso: "2026-11-03"),
                                                             from: "assets:checking", to: "groceries", payee: "Shop"))).transactionID!
            await sim.syncAll()
            try sim.record(0, .voidTransaction(id: id, reason: nil))
            try sim.record(1, .editTransaction(.init(id: id, amount: "25.00")))
            await sim.syncAll()
            XCTAssertEqual(try sim.devices[1].open().openConflicts().count, 1, "the edit against the void is listed\n" + sim.trace.joined(separator: "\n"))
        }
    }

    /// (5) A person records expenses on a device while its sync runs (a script, or two terminals): each lands between
    /// two of the sync's requests, the last one just before the file is rewritten. Nothing holds the expense off (the
    /// sync lock holds off syncs only), so every one makes the sync start over; after three tries it gives up.
    /// Wanted: the sync finishes and every expense is kept (held off while the file is rewritten, or pushed).
    func testExpensesRecordedWhileASyncRunsDoNotStarveIt() async throws {
        try await check(.syncStarvedByWrites) { sim in
            try sim.record(0, .captureExpense(.init(amount: "3.00", date: try LocalDate(iso: "2026-11-03"), from: "assets:checking",
                                                    to: "dining", payee: "Cafe")))
            await sim.sync(0, final: true)
            try sim.record(1, .captureExpense(.init(amount: "4.00", date: try LocalDate(iso: "2026-11-04"), from: "assets:checking",
                                                    to: "dining", payee: "Kiosk")))
            sim.meanwhileOnEveryRequest = 12
            await sim.sync(1, final: true)
            sim.meanwhileOnEveryRequest = 0
        }
    }
}
