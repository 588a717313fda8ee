import Foundation
import XCTest

/// Issue 36: lots typed as a person types them — buys that open lots, sales that take them by
/// FIFO, LIFO, average or by label, the gains they realise, holdings and gains reports, and
/// the refusals that leave the log exactly as it was.
final class LotCommandTests: KakeiboCLITestCase {
    private func brokerage(booking: String? = nil) throws {
        try ok("init", "--currency", "USD")
        try ok("commodity", "declare", "VTI", "--precision", "0")
        if let booking {
            try ok("account", "open", "assets:brokerage", "--any-commodity", "--booking", booking)
        } else {
            try ok("account", "open", "assets:brokerage", "--any-commodity")
        }
        try ok("account", "open", "assets:cash")
        try record("txn", "--date", "2026-01-05", "--payee", "Buy", "--posting", "assets:brokerage=10 VTI {$210.00, \"lot-a\"}",
                   "--posting", "assets:cash")
        try record("txn", "--date", "2026-02-05", "--payee", "Buy", "--posting", "assets:brokerage=10 VTI {{$2200.00}}",
                   "--posting", "assets:cash")
        try record("txn", "--date", "2026-03-05", "--payee", "Buy", "--posting", "assets:brokerage=10 VTI {$240.00, 2026-03-01, \"lot-c\"}",
                   "--posting", "assets:cash")
    }

    func testAFIFOSaleTakesTheOldestLotsAndPostsItsGain() throws {
        try brokerage()
        let sale = try record("txn", "--date", "2026-04-15", "--payee", "Sell", "--posting", "assets:brokerage=-15 VTI @ $250.00",
                              "--posting", "assets:cash=3750")
        let balances = try balanceCSV()
        XCTAssertTrue(balances.contains("income:capital-gains,USD,-550.00"), balances)
        XCTAssertTrue(balances.contains("assets:brokerage,VTI,15"), balances)
        let gains = try ok("gains", "-p", "2026", "--format", "json").jsonObject()
        let rows = try XCTUnwrap(gains["rows"] as? [[String: Any]])
        XCTAssertEqual(rows.map { $0["units"] as? String }, ["10", "5"])
        XCTAssertEqual(rows.map { ($0["gain"] as? [String: Any])?["amount"] as? String }, ["400.00", "150.00"])
        XCTAssertEqual(rows.map { $0["label"] as? String }, ["lot-a", nil])
        XCTAssertEqual(rows.map { $0["holdingDays"] as? Int }, [100, 69])
        XCTAssertEqual(try ok("gains", "-p", "2026", "--format", "csv").out.split(separator: "\n").count, 3)
        let history = try ok("history", sale).out
        XCTAssertTrue(history.contains("10 VTI from lot \"lot-a\" acquired 2026-01-05 (fifo): basis 2100.00 USD, gain 400.00 USD"), history)
        XCTAssertTrue(history.contains("5 VTI from lot"), history)
        let holdings = try ok("holdings", "--as-of", "2026-12-31", "--format", "csv").out
        XCTAssertTrue(holdings.contains("assets:brokerage,VTI,15,3500.00,USD"), holdings)
        _ = try ok("replay", "--check")
        _ = try ok("verify")
    }

    func testASaleNamingALotTakesThatLotAndAPriceValuesTheHolding() throws {
        try brokerage()
        try record("txn", "--date", "2026-04-20", "--posting", "assets:brokerage=-3 VTI {\"lot-c\"} @ $230.00", "--posting", "assets:cash=690")
        let rows = try XCTUnwrap(try ok("gains", "--format", "json").jsonObject()["rows"] as? [[String: Any]])
        XCTAssertEqual(rows.count, 1)
        XCTAssertEqual(rows[0]["label"] as? String, "lot-c")
        XCTAssertEqual(rows[0]["acquired"] as? String, "2026-03-01", "the lot date written in the braces")
        XCTAssertEqual((rows[0]["gain"] as? [String: Any])?["amount"] as? String, "-30.00", "a sale at a loss")
        try ok("price", "VTI", "255", "--in", "USD", "--date", "2026-04-30")
        let holdings = try XCTUnwrap(try ok("holdings", "--value", "USD", "--as-of", "2026-04-30", "--format", "json")
            .jsonObject()["holdings"] as? [[String: Any]])
        XCTAssertEqual(holdings.count, 1)
        XCTAssertEqual(holdings[0]["units"] as? String, "27")
        XCTAssertEqual((holdings[0]["basis"] as? [String: Any])?["amount"] as? String, "5980.00")
        XCTAssertEqual((holdings[0]["marketValue"] as? [String: Any])?["amount"] as? String, "6885.00")
        XCTAssertEqual((holdings[0]["unrealisedGain"] as? [String: Any])?["amount"] as? String, "905.00")
        let before = try XCTUnwrap(try ok("holdings", "--as-of", "2026-02-10", "--format", "json").jsonObject()["holdings"] as? [[String: Any]])
        XCTAssertEqual(before.first?["units"] as? String, "20", "as of a date: the lots bought by then")
    }

    func testLIFOAndAverageBooking() throws {
        try brokerage(booking: "lifo")
        try record("txn", "--date", "2026-04-15", "--posting", "assets:brokerage=-12 VTI @ $250.00", "--posting", "assets:cash=3000")
        var rows = try XCTUnwrap(try ok("gains", "--format", "json").jsonObject()["rows"] as? [[String: Any]])
        XCTAssertEqual(rows.map { $0["label"] as? String }, ["lot-c", nil], "newest first")
        XCTAssertTrue(try balanceCSV().contains("income:capital-gains,USD,-160.00"), "12 × 250 − (2400 + 2 × 220)")
        sandbox.remove()
        try setUpWithError()
        try brokerage(booking: "average")
        try record("txn", "--date", "2026-04-15", "--posting", "assets:brokerage=-15 VTI @ $250.00", "--posting", "assets:cash=3750")
        rows = try XCTUnwrap(try ok("gains", "--format", "json").jsonObject()["rows"] as? [[String: Any]])
        let basis = rows.compactMap { ($0["basis"] as? [String: Any])?["amount"] as? String }
        XCTAssertEqual(basis, ["2233.33", "1116.67"], "15 of 30 at the average 223.33: 3350.00 shared by units")
        let holdings = try ok("holdings", "--as-of", "2026-12-31", "--format", "csv").out
        XCTAssertTrue(holdings.contains("assets:brokerage,VTI,15,3350.00,USD"), holdings)
        _ = try ok("replay", "--check")
    }

    func testRefusalsSayWhyInOneLineAndLeaveTheLogUnchanged() throws {
        try brokerage()
        try assertRefused(["txn", "--posting", "assets:brokerage=-31 VTI @ $250.00", "--posting", "assets:cash=7750"],
                          mentioning: ["the sale of 31 VTI from assets:brokerage exceeds the holding of 30 VTI"])
        try assertRefused(["txn", "--posting", "assets:brokerage=-11 VTI {\"lot-a\"} @ $250.00", "--posting", "assets:cash=2750"],
                          mentioning: ["exceeds lot \"lot-a\", which holds 10 VTI"])
        try assertRefused(["txn", "--posting", "assets:brokerage=-1 VTI {\"lot-z\"} @ $250.00", "--posting", "assets:cash=250"],
                          mentioning: ["no open lot of VTI in assets:brokerage is labelled \"lot-z\""])
        try assertRefused(["txn", "--posting", "assets:brokerage=-1 VTI {$199.00} @ $250.00", "--posting", "assets:cash=250"],
                          mentioning: ["no open lot in assets:brokerage matches {199.00 USD}"])
        try assertRefused(["account", "booking", "assets:brokerage", "lifo"],
                          mentioning: ["the booking method of assets:brokerage cannot change while it holds 3 open lots"])
        try assertRefused(["txn", "--posting", "assets:brokerage=1 VTI {}", "--posting", "assets:cash=-1"],
                          mentioning: ["the lot acquired in assets:brokerage has no cost"])
        let buy = try XCTUnwrap(try ok("register", "assets:brokerage", "--format", "json").jsonArray().first?["id"] as? String)
        try assertRefused(["void", buy], mentioning: ["acquired or sold lots and cannot be edited or voided: later sales may have taken its lots"])
        try assertRefused(["edit", buy, "--payee", "Broker"], mentioning: ["acquired or sold lots and cannot be edited or voided"])
        let sale = try record("txn", "--date", "2026-04-01", "--posting", "assets:brokerage=-5 VTI @ $250.00", "--posting", "assets:cash=1250")
        try assertRefused(["void", sale], mentioning: ["record a correcting transaction instead"])
        // history of the sale still names the lot it took, and the holding is what is left.
        XCTAssertTrue(try ok("history", sale).stdout.contains("lotSold: assets:brokerage 5 VTI from lot \"lot-a\" acquired 2026-01-05 (fifo): basis 1050.00 USD, gain 200.00 USD"))
        // Once every lot is sold the method may change.
        try record("txn", "--posting", "assets:brokerage=-25 VTI @ $250.00", "--posting", "assets:cash=6250")
        try ok("account", "booking", "assets:brokerage", "lifo")
    }
}
