import Foundation
import KakeiboDomain
import KakeiboLedger
@testable import KakeiboServer
import XCTest

/// Issue 29 (N17) on the household server: a pushed `PriceRetracted` is admitted only if the ledger would admit it
/// (issue 30's guard). A retraction of a price no event recorded is 422 `unknown-price` and changes nothing; one of
/// a recorded price is taken, and a device that syncs values without it.
extension ServerAdmissionTests {
    func testAPriceRetractionIsAdmittedOnlyForARecordedPrice() async throws {
        try await withServer { server in
            let (a, tokenA, _, _) = try await Self.household(server)
            let eur = try Currency(code: "EUR"), day = try LocalDate(iso: "2026-11-04")
            try a.record(.recordPrice(.init(date: day, commodity: eur, value: "1.08", quote: .usd)))
            _ = try await server.sync(server.path("a"), token: tokenA)
            var mallory = ForgingDevice(token: try await server.token(member: "mallory", device: "m"))
            func retraction(_ value: String, on date: LocalDate) throws -> LedgerEvent {
                .priceRetracted(.init(date: date, commodity: eur, value: try ExactDecimal(parsing: value), quote: .usd, reason: nil))
            }
            let before = try await Self.snapshot(server, token: mallory.token)
            for event in [try retraction("1.09", on: day), try retraction("1.08", on: try LocalDate(iso: "2026-11-05"))] {
                let parent = try await Self.tail(of: LedgerEvent.pricesStream, server, token: mallory.token)
                let reply = try await mallory.push(event, parent: parent, to: server)
                XCTAssertEqual(reply.status, 422, "\(reply.json)")
                XCTAssertEqual(reply.json["error"] as? String, "invalid-event")
                XCTAssertEqual(reply.json["rule"] as? String, "unknown-price", "\(reply.json)")
                let after = try await Self.snapshot(server, token: mallory.token)
                XCTAssertEqual(after, before, "a refused retraction changed the ledger")
            }
            let parent = try await Self.tail(of: LedgerEvent.pricesStream, server, token: mallory.token)
            let taken = try await mallory.push(try retraction("1.080", on: day), parent: parent, to: server)
            XCTAssertEqual(taken.status, 200, "\(taken.json)")
            _ = try await server.sync(server.path("a"), token: tokenA)
            XCTAssertEqual(try a.prices(), [], "the device still values with the retracted price")
            XCTAssertTrue(try server.open("a", seed: 1).verify().isValid)
        }
    }

    /// Two devices retract one price while apart: both retractions reach both logs, the second changes nothing,
    /// and the two files settle on one head with no price left that day (a rebase undoes and refolds a retraction).
    func testOnePriceRetractedOnTwoDevicesWhileApartConverges() async throws {
        try await withServer { server in
            let tokens = try await server.twoSyncedDevices()
            let eur = try Currency(code: "EUR"), day = try LocalDate(iso: "2026-11-04")
            try server.open("a", seed: 1).record(.recordPrice(.init(date: day, commodity: eur, value: "1.08", quote: .usd)))
            try server.open("a", seed: 1).record(.recordPrice(.init(date: day, commodity: eur, value: "1.10", quote: .usd)))
            try await server.syncBoth(tokens)
            for (device, seed) in [("a", UInt64(1)), ("b", UInt64(2))] {
                try server.open(device, seed: seed).record(.retractPrice(.init(date: day, commodity: eur, quote: .usd, value: "1.10")))
            }
            try await server.syncBoth(tokens)
            _ = try server.settledBalances()
            for (device, seed) in [("a", UInt64(1)), ("b", UInt64(2))] {
                let ledger = try server.open(device, seed: seed)
                XCTAssertEqual(try ledger.prices().map(\.value.description), ["1.08"], device)
                XCTAssertEqual(try ledger.events(from: 1, limit: 1_000).filter { $0.type == "PriceRetracted" }.count, 2, device)
            }
        }
    }
}
