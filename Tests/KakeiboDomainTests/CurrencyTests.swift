import XCTest
@testable import KakeiboDomain

final class CurrencyTests: XCTestCase {
    private func error(_ code: String) -> MoneyError? {
        do { _ = try Currency(code: code); return nil } catch { return error }
    }

    func testKnownCodesAndMinorDigits() throws {
        XCTAssertEqual(try Currency(code: "USD"), .usd)
        XCTAssertEqual(try Currency(code: "JPY").minorDigits, 0)
        XCTAssertEqual(try Currency(code: "KWD").minorDigits, 3)
        XCTAssertEqual(try Currency(code: "MYR").minorDigits, 2)
        XCTAssertEqual(try Currency(code: "IDR").minorDigits, 2)
        XCTAssertEqual(try Currency(code: "TWD").minorDigits, 2)
        XCTAssertEqual(try Currency(code: "ISK").minorDigits, 0)
        XCTAssertEqual(try Currency(code: "TND").minorDigits, 3)
    }

    func testWholeTableHasExpectedDigits() {
        let two = "USD EUR GBP CAD AUD NZD CHF MYR SGD HKD CNY INR SEK NOK DKK PLN CZK MXN BRL ZAR THB PHP IDR TWD"
        for code in two.split(separator: " ") { XCTAssertEqual(Currency.knownMinorDigits[String(code)], 2, String(code)) }
        for code in ["JPY", "KRW", "VND", "CLP", "ISK"] { XCTAssertEqual(Currency.knownMinorDigits[code], 0, code) }
        for code in ["KWD", "BHD", "OMR", "JOD", "TND"] { XCTAssertEqual(Currency.knownMinorDigits[code], 3, code) }
        // Added with multi-currency (issue 17): currencies travellers meet, GEL from hledger #2041.
        let more = "GEL TRY HUF RON ILS AED SAR QAR EGP MAD KES NGN ARS COP PEN UAH RSD BGN"
        for code in more.split(separator: " ") { XCTAssertEqual(Currency.knownMinorDigits[String(code)], 2, String(code)) }
        XCTAssertEqual(Currency.knownMinorDigits.count, 52)
    }

    func testLowercaseIsUppercased() throws {
        XCTAssertEqual(try Currency(code: "eur"), .eur)
        XCTAssertEqual(try Currency(code: "jPy").code, "JPY")
    }

    func testRejectsUnknownAndMalformedCodes() {
        for code in ["XYZ", "", "US", "USDD", " USD", "USD ", "U5D", "ÜSD", "us-"] {
            XCTAssertEqual(error(code), .unknownCurrency(code), code)
        }
        XCTAssertEqual(error("XYZ")?.description, "unknown currency \"XYZ\": use an ISO 4217 code such as USD, EUR, JPY")
    }

    func testStaticsMatchTable() throws {
        for c in [Currency.usd, .eur, .gbp, .chf, .myr, .sgd, .jpy, .krw, .kwd] {
            XCTAssertEqual(try Currency(code: c.code), c)
        }
    }

    func testComparableByCodeAndDescription() {
        XCTAssertLessThan(Currency.eur, .usd)
        XCTAssertLessThan(Currency.jpy, .kwd)
        XCTAssertEqual([Currency.usd, .eur, .jpy, .gbp].sorted(), [.eur, .gbp, .jpy, .usd])
        XCTAssertEqual(Currency.usd.description, "USD")
        XCTAssertEqual("\(Currency.kwd)", "KWD")
    }

    func testUncheckedInitKeepsValues() {
        let c = Currency(uncheckedCode: "XTS", minorDigits: 3)
        XCTAssertEqual(c.code, "XTS")
        XCTAssertEqual(c.minorDigits, 3)
        XCTAssertNotEqual(Currency(uncheckedCode: "USD", minorDigits: 3), .usd)
        XCTAssertEqual(Currency(uncheckedCode: "USD", minorDigits: 2), .usd)
    }
}
