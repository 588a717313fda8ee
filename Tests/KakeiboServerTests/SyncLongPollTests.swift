import Foundation
import KakeiboLedger
import KakeiboServer
import KakeiboSync
import XCTest

/// `GET …/events?after=P&wait=S`: a pull that waits, boundedly, for the next event.
final class SyncLongPollTests: ServerTestCase {
    func testAWaitingPullAnswersWhenAnEventArrivesOrWhenTimeIsUp() async throws {
        try await withServer { server in
            let token = try await server.token(device: "a")
            let a = try server.makeLedger("a", seed: 1)
            let synced = try await server.sync(server.path("a"), token: token)
            let head = synced.head.position

            // Nothing new: the pull waits about the time asked, then answers an empty page.
            var clock = ContinuousClock.now
            let idle = try await server.request(.get, "events?after=\(head)&wait=1", token: token)
            let waited = ContinuousClock.now - clock
            XCTAssertEqual(idle.status, 200)
            XCTAssertEqual((idle.json["events"] as? [Any])?.count, 0)
            XCTAssertGreaterThanOrEqual(waited, .milliseconds(900))
            XCTAssertLessThan(waited, .seconds(5))

            // An event pushed meanwhile ends the wait early.
            clock = ContinuousClock.now
            async let waiting = server.request(.get, "events?after=\(head)&wait=20", token: token)
            try await Task.sleep(for: .milliseconds(400))
            try server.expense(a, "3.00")
            _ = try await server.sync(server.path("a"), token: token)
            let woken = try await waiting
            XCTAssertEqual(woken.status, 200)
            XCTAssertEqual((woken.json["events"] as? [[String: Any]])?.first?["position"] as? Int, Int(head) + 1)
            XCTAssertLessThan(ContinuousClock.now - clock, .seconds(10))

            // The wait is bounded however long is asked for.
            XCTAssertEqual(ServerRoutes.maxWaitSeconds, 25)
        }
    }
}
