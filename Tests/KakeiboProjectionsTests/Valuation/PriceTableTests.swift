import KakeiboDomain
import KakeiboProjections
import XCTest

/// hledger's lookup order: direct on or before the date, then reverse, then one hop; else nothing.
final class PriceTableTests: XCTestCase {
    let btc = Commodity(uncheckedCode: "BTC", minorDigits: 8)

    func price(_ date: String, _ from: Commodity, _ value: String, _ to: Commodity) throws -> MarketPrice {
        MarketPrice(date: try LocalDate(iso: date), commodity: from, quote: to, value: try ExactDecimal(parsing: value))
    }

    func testDirectReverseAndOneHop() throws {
        let table = PriceTable([try price("2026-01-01", .eur, "1.08", .usd), try price("2026-02-01", .eur, "1.10", .usd),
                                try price("2026-01-01", .usd, "150", .jpy), try price("2026-02-01", btc, "40000.00", .usd)])
        let day = try LocalDate(iso: "2026-01-15")
        // Direct, the latest on or before the day.
        XCTAssertEqual(table.value(Money(minorUnits: 10_000, currency: .eur), in: .usd, on: day)?.0.decimalString, "108.00")
        // Reverse: 150 JPY per USD gives 1/150 USD per JPY; 15,000 JPY is 100.00 USD.
        XCTAssertEqual(table.value(Money(minorUnits: 15_000, currency: .jpy), in: .usd, on: day)?.0.decimalString, "100.00")
        // One hop, EUR → USD → JPY: 100 EUR × 1.08 × 150.
        XCTAssertEqual(table.value(Money(minorUnits: 10_000, currency: .eur), in: .jpy, on: day)?.0.decimalString, "16200")
        // No BTC price yet on the 15th: nothing, so the caller lists it unconverted.
        XCTAssertNil(table.value(Money(minorUnits: 1_000_000, currency: btc), in: .usd, on: day))
        XCTAssertEqual(table.value(Money(minorUnits: 1_000_000, currency: btc), in: .usd, on: try LocalDate(iso: "2026-02-01"))?.0
                       .decimalString, "400.00")
    }

    func testAValuationListsWhatItCannotValue() throws {
        let table = PriceTable([try price("2026-01-01", .eur, "1.08", .usd)])
        let valuation = try Valuation(balances: [
            (try AccountName("assets:wise"), .asset, Money(minorUnits: 5_000, currency: .eur)),
            (try AccountName("assets:wise"), .asset, Money(minorUnits: 700, currency: .gbp)),
        ], in: .usd, on: try LocalDate(iso: "2026-01-02"), prices: table)
        XCTAssertEqual(valuation.lines.map(\.valued), [Money(minorUnits: 5_400, currency: .usd)])
        XCTAssertEqual(valuation.lines.map(\.unconverted), [[Money(minorUnits: 700, currency: .gbp)]])
    }
}
