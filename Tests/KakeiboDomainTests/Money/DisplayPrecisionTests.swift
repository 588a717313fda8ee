import XCTest
@testable import KakeiboDomain

/// Rounding for display (issue 36): half to even, as hledger 1.25 shows `$0.125` as `$0.12` and
/// `$0.135` as `$0.14`; exact in every other case, and never touching a commodity shown at the
/// precision it is stored with.
final class DisplayPrecisionTests: XCTestCase {
    let usd5 = Commodity.usd.storedAt(5)

    private func shown(_ minorUnits: Int64, at digits: Int, stored: Int = 3) -> String {
        Money(minorUnits: minorUnits, currency: Commodity.usd.storedAt(stored)).rounded(toDigits: digits).decimalString
    }

    func testTiesGoToTheEvenNeighbourOnBothSidesOfZero() {
        XCTAssertEqual(shown(125, at: 2), "0.12")
        XCTAssertEqual(shown(135, at: 2), "0.14")
        XCTAssertEqual(shown(-115, at: 2), "-0.12")
        XCTAssertEqual(shown(-125, at: 2), "-0.12")
        XCTAssertEqual(shown(1_005, at: 2), "1.00")
        XCTAssertEqual(shown(-2_025, at: 2), "-2.02")
        XCTAssertEqual(shown(5, at: 2), "0.00")
        XCTAssertEqual(shown(-5, at: 2), "0.00")   // no "-0.00"
        XCTAssertEqual(shown(15, at: 2), "0.02")
    }

    func testOtherRemaindersRoundToTheNearest() {
        XCTAssertEqual(shown(96_498_75, at: 2, stored: 5), "96.50")
        XCTAssertEqual(shown(-4, at: 2), "0.00")
        XCTAssertEqual(shown(-6, at: 2), "-0.01")
        XCTAssertEqual(shown(12_345_67, at: 0, stored: 5), "12")
        XCTAssertEqual(shown(-3_266_3178, at: 1, stored: 4), "-3266.3")
        XCTAssertEqual(shown(Int64.max, at: 0, stored: 12), "9223372")
        XCTAssertEqual(shown(Int64.min, at: 0, stored: 12), "-9223372")
    }

    func testACommodityShownAtItsStoredPrecisionIsLeftAsItIs() {
        let precision = DisplayPrecision(digits: ["USD": 2])
        let exact = Money(minorUnits: 12_345, currency: usd5)
        XCTAssertEqual(precision.shown(exact).decimalString, "0.12")
        XCTAssertEqual(precision.shown(exact).currency, Commodity.usd)
        let euro = Money(minorUnits: 12_345, currency: .eur)
        XCTAssertEqual(precision.shown(euro), euro)
        XCTAssertEqual(DisplayPrecision(digits: ["USD": 7]).shown(exact), exact)
        XCTAssertEqual(DisplayPrecision.stored.shown(exact), exact)
    }

    func testTheDecimalsOfADisplaySample() {
        XCTAssertEqual(DisplayPrecision.decimals(inSample: "$1,000.00"), 2)
        XCTAssertEqual(DisplayPrecision.decimals(inSample: "$1,000.00000"), 5)
        XCTAssertEqual(DisplayPrecision.decimals(inSample: "1.000,00 EUR"), 2)
        XCTAssertEqual(DisplayPrecision.decimals(inSample: "BTC 1.00000000"), 8)
        XCTAssertEqual(DisplayPrecision.decimals(inSample: "¥1000."), 0)
        XCTAssertEqual(DisplayPrecision.decimals(inSample: "1000. ACME"), 0)
        XCTAssertNil(DisplayPrecision.decimals(inSample: "no number"))
    }
}
