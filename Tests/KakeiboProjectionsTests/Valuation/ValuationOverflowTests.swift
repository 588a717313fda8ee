import KakeiboDomain
import KakeiboProjections
import XCTest

/// N15: a value past Int64 minor units is an overflow, never "no USD price" when a price exists.
final class ValuationOverflowTests: XCTestCase {
    func testAnOverflowingValueIsRefusedNotCalledUnpriced() throws {
        let day = try LocalDate(iso: "2026-11-25")
        let prices = PriceTable([MarketPrice(date: try LocalDate(iso: "2026-01-01"), commodity: .eur, quote: .usd,
                                             value: try ExactDecimal(parsing: "1000000"))])
        let huge = Money(minorUnits: 9_000_000_000_000_000, currency: .eur) // 90,000,000,000,000 EUR
        XCTAssertTrue(prices.reaches(.eur, .usd, on: day))
        XCTAssertFalse(prices.reaches(.gbp, .usd, on: day))
        XCTAssertThrowsError(try Valuation(balances: [(try AccountName("assets:eur"), .asset, huge)], in: .usd, on: day, prices: prices)) {
            XCTAssertEqual($0 as? MoneyError, .overflow)
        }
        // An amount with no price at all is still listed unconverted.
        let pounds = Money(minorUnits: 500, currency: .gbp)
        let valuation = try Valuation(balances: [(try AccountName("assets:gbp"), .asset, pounds)], in: .usd, on: day, prices: prices)
        XCTAssertEqual(valuation.lines.first?.unconverted, [pounds])
    }
}
