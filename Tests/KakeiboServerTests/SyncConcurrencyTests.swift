import Foundation
import KakeiboLedger
import KakeiboServer
import KakeiboSync
import Synchronization
import XCTest

/// Must show 6: three devices push 200 events each at once while a fourth pulls; the puller sees
/// every event, positions stay gapless, and every device ends on the server's digest.
final class SyncConcurrencyTests: ServerTestCase {
    func testConcurrentPushersAndAPuller() async throws {
        let perDevice = 200
        try await withServer { server in
            let tokens = [try await server.token(device: "a"), try await server.token(device: "b"), try await server.token(device: "c")]
            let reader = try await server.token(.read, member: "kid", device: "tablet")
            _ = try server.makeLedger("d0", seed: 1)
            _ = try await server.sync(server.path("d0"), token: tokens[0])
            for device in 1...2 { _ = try await server.sync(server.path("d\(device)"), token: tokens[device]) }
            let base = try await server.store.head(ledger: server.ledger, bearer: reader).position
            for device in 0...2 {
                let ledger = try server.open("d\(device)", seed: UInt64(device + 1))
                for index in 0..<perDevice { try server.expense(ledger, "\(device + 1).\(String(format: "%02d", index % 100))") }
            }

            let pushersDone = DoneCounter()
            let seen = try await withThrowingTaskGroup(of: [CanonicalEvent].self) { group in
                for device in 0...2 {
                    group.addTask {
                        var client = SyncClient(remote: server.remote, token: tokens[device], transport: RouterTransport(client: server.client))
                        client.batchSize = 40 // small pushes, so the three interleave
                        _ = try await client.sync(ledgerAt: server.path("d\(device)"))
                        pushersDone.value.add(1, ordering: .sequentiallyConsistent)
                        return []
                    }
                }
                group.addTask {
                    // The puller: `after=cursor` in a loop, bounded, until the pushers are done and it has caught up.
                    let transport = RouterTransport(client: server.client)
                    var cursor: Int64 = 0
                    var events: [CanonicalEvent] = []
                    for _ in 0..<100_000 {
                        let done = pushersDone.value.load(ordering: .sequentiallyConsistent) == 3
                        let (status, body) = try await transport.send(method: "GET", path: "v1/ledgers/\(server.ledger)/events",
                                                                     query: ["after": String(cursor), "limit": "25"], body: nil, token: reader)
                        XCTAssertEqual(status, 200)
                        let page = try JSONDecoder().decode(EventPage.self, from: body)
                        events += page.events
                        cursor = page.events.last?.position ?? cursor
                        if done && page.events.isEmpty && cursor == page.head.position { break }
                    }
                    return events
                }
                var all: [CanonicalEvent] = []
                for try await part in group { all += part }
                return all
            }

            let head = try await server.store.head(ledger: server.ledger, bearer: reader)
            XCTAssertEqual(head.position, base + Int64(3 * perDevice))
            XCTAssertEqual(seen.map(\.position), Array(1...head.position), "the puller skipped or repeated an event")
            let stats = try await server.sql("""
                SELECT max(position)::text, count(*)::text, (count(DISTINCT (device_id, device_seq)) FILTER (WHERE device_seq IS NOT NULL))::text
                FROM kakeibo_events e JOIN kakeibo_ledgers l USING (ledger_id) WHERE l.name = '\(server.ledger)'
                """)[0]
            XCTAssertEqual(stats[0], stats[1], "positions are not gapless")
            XCTAssertEqual(stats[2], String(3 * perDevice), "every pushed event has its own place in its device chain")
            for device in 0...2 { _ = try await server.sync(server.path("d\(device)"), token: tokens[device]) }
            let digests = try (0...2).map { try server.open("d\($0)", seed: UInt64($0 + 1)).head().description }
            XCTAssertEqual(Set(digests), ["\(head.position):\(head.hash)"])
            let awaited1 = try await server.store.verify(ledger: server.ledger).problem.map { "\($0)" }
            XCTAssertNil(awaited1)
        }
    }
}

final class DoneCounter: Sendable {
    let value = Atomic<Int>(0)
}
