import Foundation
import KakeiboDomain
import KakeiboLedger
import KakeiboServer
import KakeiboSync
import KakeiboTestSupport
import XCTest

/// Must show 10, the test Actual left disabled: seeded random interleavings of N devices × M
/// commands, with offline stretches and retried syncs, all end on one digest and equal projections.
final class SyncConvergencePropertyTests: ServerTestCase {
    func testRandomInterleavingsConverge() async throws {
        for seed: UInt64 in [1, 2, 3] {
            if seed > 1 { try setUpWithError() } // a fresh ledger and folder per seed
            try await converge(seed: seed, devices: 3, commands: 45)
        }
    }

    func converge(seed: UInt64, devices: Int, commands: Int) async throws {
        try await withServer { server in
            var random = SplitMix64(seed: seed)
            var tokens: [String] = []
            for index in 0..<devices { tokens.append(try await server.token(device: "d\(index)")) }
            _ = try server.makeLedger("d0", seed: 1)
            var known: [Set<String>] = Array(repeating: [], count: devices)
            var serverKnown: Set<String> = []
            _ = try await server.sync(server.path("d0"), token: tokens[0])
            for index in 1..<devices { _ = try await server.sync(server.path("d\(index)"), token: tokens[index]) }
            var online = Array(repeating: true, count: devices)
            var log: [String] = []

            for _ in 0..<commands {
                let device = random.next(upTo: devices)
                let ledger = try server.open("d\(device)", seed: UInt64(device + 1))
                switch random.next(upTo: 10) {
                case 0...2:
                    let id = try server.expense(ledger, "\(1 + random.next(upTo: 90)).\(random.next(upTo: 10))0",
                                              payee: ["Shop", "Cafe", "Market"][random.next(upTo: 3)],
                                              category: random.next(upTo: 2) == 0 ? "groceries" : "dining")
                    known[device].insert(id)
                    log.append("d\(device) expense")
                case 3:
                    known[device].insert(try server.income(ledger, "\(100 + random.next(upTo: 900)).00"))
                    log.append("d\(device) income")
                case 4...5:
                    guard let id = known[device].sorted().randomElement(using: &random) else { continue }
                    if random.next(upTo: 2) == 0 {
                        try ledger.record(.editTransaction(.init(id: id, amount: "\(1 + random.next(upTo: 50)).25")))
                    } else {
                        try ledger.record(.editTransaction(.init(id: id, payee: .some("Payee \(random.next(upTo: 5))"))))
                    }
                    log.append("d\(device) edit")
                case 6:
                    online[device].toggle()
                    log.append("d\(device) \(online[device] ? "online" : "offline")")
                default:
                    guard online[device] else { continue }
                    _ = try await server.sync(server.path("d\(device)"), token: tokens[device])
                    if random.next(upTo: 4) == 0 { // a retried sync changes nothing
                        let again = try await server.sync(server.path("d\(device)"), token: tokens[device])
                        XCTAssertEqual(again.pushed, 0)
                    }
                    serverKnown.formUnion(known[device])
                    known[device] = serverKnown
                    log.append("d\(device) sync")
                }
            }
            // Everyone comes online and syncs twice round.
            for _ in 0..<2 {
                for device in 0..<devices { _ = try await server.sync(server.path("d\(device)"), token: tokens[device]) }
            }
            let ledgers = try (0..<devices).map { try server.open("d\($0)", seed: UInt64($0 + 1)) }
            let head = try await server.store.head(ledger: server.ledger, bearer: tokens[0])
            let context = "seed \(seed): " + log.joined(separator: ", ")
            for ledger in ledgers {
                XCTAssertEqual(try ledger.head().description, "\(head.position):\(head.hash)", context)
                XCTAssertEqual(try server.balanceLines(ledger), try server.balanceLines(ledgers[0]), context)
                XCTAssertEqual(try ledger.register(account: "assets:checking"), try ledgers[0].register(account: "assets:checking"), context)
                XCTAssertTrue(try ledger.verify().isValid, context)
                XCTAssertEqual(try ledger.replayDifferences(), [], context)
            }
            let awaited1 = try await server.store.verify(ledger: server.ledger).problem.map { "\($0)" }
            XCTAssertNil(awaited1, context)
        }
    }
}
