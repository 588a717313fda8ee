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
}
