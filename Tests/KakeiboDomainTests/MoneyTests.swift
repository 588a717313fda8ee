import XCTest
@testable import KakeiboDomain
import KakeiboTestSupport


final class MoneyTests: XCTestCase {
    private func parse(_ text: String, _ currency: Currency = .usd) throws -> Int64 {
        try Money.parse(text, currency: currency).minorUnits
    }

    private func error(_ text: String, _ currency: Currency = .usd) -> MoneyError? {
        do { _ = try Money.parse(text, currency: currency); return nil } catch { return error }
    }

    private func reason(_ text: String, _ currency: Currency = .usd) -> String? {
        if case let .invalidAmount(typed, reason)? = error(text, currency), typed == text { return reason }
        return nil
    }

    // MARK: Parsing accepted forms

    func testParsesDocumentedForms() throws {
        XCTAssertEqual(try parse("12.50"), 1250)
        XCTAssertEqual(try parse("-3"), -300)
        XCTAssertEqual(try parse("+3"), 300)
        XCTAssertEqual(try parse("1,234.56"), 123_456)
        XCTAssertEqual(try parse("0.5"), 50)
        XCTAssertEqual(try parse(".5"), 50)
        XCTAssertEqual(try parse("-1,000"), -100_000)
        XCTAssertEqual(try parse("1,234,567"), 123_456_700)
        XCTAssertEqual(try parse("  7.1  "), 710)
        XCTAssertEqual(try parse("-.05"), -5)
        XCTAssertEqual(try parse("007"), 700)
        XCTAssertEqual(try parse("-0"), 0)
        XCTAssertEqual(try parse("0"), 0)
    }

    func testTrailingZerosBeyondMinorDigitsAreAccepted() throws {
        XCTAssertEqual(try parse("12.500"), 1250)
        XCTAssertEqual(try parse("12.5000000"), 1250)
        XCTAssertEqual(try parse("1200.00", .jpy), 1200)
        XCTAssertEqual(try parse("1200.0", .jpy), 1200)
        XCTAssertEqual(try parse("1.0050", .kwd), 1005)
        XCTAssertEqual(try parse("1.5", .kwd), 1500)
    }

    func testTooManyDecimals() {
        XCTAssertEqual(error("1.234"), .tooManyDecimals("1.234", currency: "USD", allowed: 2))
        XCTAssertEqual(error("12.5", .jpy), .tooManyDecimals("12.5", currency: "JPY", allowed: 0))
        XCTAssertEqual(error("1200.01", .jpy), .tooManyDecimals("1200.01", currency: "JPY", allowed: 0))
        XCTAssertEqual(error("1.0001", .kwd), .tooManyDecimals("1.0001", currency: "KWD", allowed: 3))
        XCTAssertEqual(error("0.0100001"), .tooManyDecimals("0.0100001", currency: "USD", allowed: 2))
        XCTAssertEqual(error("1.234")?.description, "amount \"1.234\" has 3 decimals but USD allows 2")
        XCTAssertEqual(error("12.5", .jpy)?.description, "amount \"12.5\" has 1 decimal but JPY allows 0")
    }

    // MARK: Parsing rejected forms

    func testRejectsGarbageNamingCharacterAndPosition() {
        XCTAssertEqual(reason("12.34abc"), "unexpected character \"a\" at position 6")
        XCTAssertEqual(reason("1e5"), "unexpected character \"e\" at position 2")
        XCTAssertEqual(reason("0x10"), "unexpected character \"x\" at position 2")
        XCTAssertEqual(reason("--1"), "unexpected character \"-\" at position 2")
        XCTAssertEqual(reason("+-1"), "unexpected character \"-\" at position 2")
        XCTAssertEqual(reason("١٢"), "unexpected character \"١\" at position 1")
        XCTAssertEqual(reason("1 000"), "unexpected character \" \" at position 2")
        XCTAssertEqual(reason("  1 2"), "unexpected character \" \" at position 4")
        XCTAssertEqual(reason("1.2.3"), "unexpected character \".\" at position 4")
        XCTAssertEqual(reason("1. 5"), "unexpected character \" \" at position 3")
        XCTAssertEqual(reason(",1"), "unexpected character \",\" at position 1")
        XCTAssertEqual(reason("-,100"), "unexpected character \",\" at position 2")
        XCTAssertEqual(reason("\t1"), "unexpected character \"\t\" at position 1")
        XCTAssertEqual(reason("$12"), "unexpected character \"$\" at position 1")
        XCTAssertEqual(reason("12-"), "unexpected character \"-\" at position 3")
        XCTAssertEqual(reason("1\u{301}"), "unexpected character \"1\u{301}\" at position 1")
        XCTAssertEqual(reason("１２"), "unexpected character \"１\" at position 1")
    }

    func testRejectsEmptyAndIncompleteInput() {
        XCTAssertEqual(reason(""), "there are no digits")
        XCTAssertEqual(reason("   "), "there are no digits")
        XCTAssertEqual(reason("-"), "the sign \"-\" must be followed by digits")
        XCTAssertEqual(reason(" + "), "the sign \"+\" must be followed by digits")
        XCTAssertEqual(reason("."), "the \".\" at position 1 must be followed by digits")
        XCTAssertEqual(reason("1."), "the \".\" at position 2 must be followed by digits")
        XCTAssertEqual(reason("-."), "the \".\" at position 2 must be followed by digits")
        XCTAssertEqual(reason("1,234."), "the \".\" at position 6 must be followed by digits")
    }

    func testRejectsBadGrouping() {
        XCTAssertEqual(reason("1,2,3"), "\",\" at position 2 must be followed by exactly 3 digits")
        XCTAssertEqual(reason("12,34"), "\",\" at position 3 must be followed by exactly 3 digits")
        XCTAssertEqual(reason("1,,234"), "\",\" at position 2 must be followed by exactly 3 digits")
        XCTAssertEqual(reason("1234,567"), "\",\" at position 5 must follow a group of 1 to 3 digits")
        XCTAssertEqual(reason("1,"), "\",\" at position 2 must be followed by exactly 3 digits")
        XCTAssertEqual(reason("1,2345"), "\",\" at position 2 must be followed by exactly 3 digits")
        XCTAssertEqual(reason("1,234,56.00"), "\",\" at position 6 must be followed by exactly 3 digits")
        XCTAssertNotNil(reason("1,234 ,567"))
    }

    func testInvalidAmountDescriptionIsActionable() {
        XCTAssertEqual(
            error("12.34abc")?.description,
            "invalid amount \"12.34abc\": unexpected character \"a\" at position 6; write amounts like 12.50, -3 or 1,234.56"
        )
    }

    // MARK: Overflow edges

    func testOverflowEdgesForZeroDigitCurrency() throws {
        XCTAssertEqual(try parse("-9223372036854775808", .jpy), .min)
        XCTAssertEqual(try parse("-9,223,372,036,854,775,808", .jpy), .min)
        XCTAssertEqual(try parse("9223372036854775807", .jpy), .max)
        XCTAssertEqual(try parse("+9223372036854775807.000", .jpy), .max)
        XCTAssertEqual(error("9223372036854775808", .jpy), .overflow)
        XCTAssertEqual(error("-9223372036854775809", .jpy), .overflow)
        XCTAssertEqual(error("99999999999999999999999", .jpy), .overflow)
    }

    func testOverflowEdgesForTwoDigitCurrency() throws {
        XCTAssertEqual(try parse("92233720368547758.07"), .max)
        XCTAssertEqual(try parse("-92233720368547758.08"), .min)
        XCTAssertEqual(error("92233720368547758.08"), .overflow)
        XCTAssertEqual(error("-92233720368547758.09"), .overflow)
        XCTAssertEqual(error("92233720368547759"), .overflow)
        XCTAssertEqual(try parse("0000000000000000000000000001.00"), 100)
        XCTAssertTrue(MoneyError.overflow.description.hasPrefix("amount is too large"))
    }

    func testArithmetic() throws {
        let a = Money(minorUnits: 1250, currency: .usd)
        let b = Money(minorUnits: -300, currency: .usd)
        XCTAssertEqual(try a.adding(b), Money(minorUnits: 950, currency: .usd))
        XCTAssertEqual(try a.subtracting(b), Money(minorUnits: 1550, currency: .usd))
        XCTAssertEqual(try b.negated(), Money(minorUnits: 300, currency: .usd))
        XCTAssertEqual(try Money.zero(.usd).negated(), .zero(.usd))
        XCTAssertTrue(Money.zero(.jpy).isZero)
        XCTAssertFalse(a.isZero)
        XCTAssertTrue(b.isNegative)
        XCTAssertFalse(a.isNegative)
        XCTAssertFalse(Money.zero(.usd).isNegative)
    }

    func testArithmeticErrors() {
        let max = Money(minorUnits: .max, currency: .usd)
        let min = Money(minorUnits: .min, currency: .usd)
        let one = Money(minorUnits: 1, currency: .usd)
        XCTAssertThrowsError(try max.adding(one)) { XCTAssertEqual($0 as? MoneyError, .overflow) }
        XCTAssertThrowsError(try min.subtracting(one)) { XCTAssertEqual($0 as? MoneyError, .overflow) }
        XCTAssertThrowsError(try min.negated()) { XCTAssertEqual($0 as? MoneyError, .overflow) }
        XCTAssertEqual(try max.negated().minorUnits, -Int64.max)
        XCTAssertEqual(try min.adding(max).minorUnits, -1)
        let euro = Money(minorUnits: 1, currency: .eur)
        XCTAssertThrowsError(try one.adding(euro)) { XCTAssertEqual($0 as? MoneyError, .currencyMismatch("USD", "EUR")) }
        XCTAssertThrowsError(try one.subtracting(euro)) { XCTAssertEqual($0 as? MoneyError, .currencyMismatch("USD", "EUR")) }
        XCTAssertEqual(
            MoneyError.currencyMismatch("USD", "EUR").description,
            "currency mismatch: USD and EUR cannot be combined; convert first"
        )
    }

    // MARK: Formatting

    func testDecimalString() {
        func s(_ units: Int64, _ c: Currency = .usd) -> String { Money(minorUnits: units, currency: c).decimalString }
        XCTAssertEqual(s(-1250), "-12.50")
        XCTAssertEqual(s(5), "0.05")
        XCTAssertEqual(s(-5), "-0.05")
        XCTAssertEqual(s(-50), "-0.50")
        XCTAssertEqual(s(0), "0.00")
        XCTAssertEqual(s(123_450), "1234.50")
        XCTAssertEqual(s(-1200, .jpy), "-1200")
        XCTAssertEqual(s(0, .jpy), "0")
        XCTAssertEqual(s(1005, .kwd), "1.005")
        XCTAssertEqual(s(-1, .kwd), "-0.001")
        XCTAssertEqual(s(.min), "-92233720368547758.08")
        XCTAssertEqual(s(.max), "92233720368547758.07")
        XCTAssertEqual(s(.min, .jpy), "-9223372036854775808")
        XCTAssertEqual(s(.min, .kwd), "-9223372036854775.808")
        XCTAssertEqual(Money(minorUnits: 1250, currency: .usd).description, "12.50 USD")
        XCTAssertEqual(Money(minorUnits: -7, currency: .jpy).description, "-7 JPY")
    }

    func testRoundTripSeededSample() throws {
        var rng = SplitMix64(seed: 0x4B41_4B45_49_424F)
        let currencies: [Currency] = [.usd, .jpy, .kwd]
        var edges: [Int64] = [.min, .max, 0, 1, -1, .min + 1, .max - 1]
        for _ in 0..<10_000 {
            let raw = rng.next()
            // Mix full-range values with small, everyday-sized ones.
            let value = raw & 1 == 0 ? Int64(bitPattern: raw) : Int64(bitPattern: raw) % 1_000_000
            edges.append(value)
        }
        for (index, units) in edges.enumerated() {
            let money = Money(minorUnits: units, currency: currencies[index % currencies.count])
            XCTAssertEqual(try Money.parse(money.decimalString, currency: money.currency), money, money.description)
        }
    }
}

/// `Money.parse` reads the common form straight from the bytes (`parsePlain`) and everything else
/// the general way (`parseAny`): wherever the first gives an amount, the second gives the same.
final class MoneyPlainParseTests: XCTestCase {
    func testThePlainReadingAgreesWithTheGeneralOne() throws {
        var random = SplitMix64(seed: 7)
        let alphabet = Array("0123456789012345678901234567890123456789..,-+ ")
        let currencies: [Currency] = [.usd, .jpy, .kwd, try Commodity(symbol: "BTC", minorDigits: 8),
                                      try Commodity(symbol: "XAU", minorDigits: Commodity.maximumDigits)]
        var plain = 0
        func check(_ text: String, _ currency: Currency) {
            guard let fast = Money.parsePlain(text, currency: currency) else { return }
            plain += 1
            XCTAssertEqual(try? Money.parseAny(text, currency: currency), fast, "\(text) \(currency.code)")
        }
        for _ in 0..<50_000 {
            let length = Int(random.next() % 24)
            let text = String((0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
            for currency in currencies { check(text, currency) }
        }
        // The edges: 18 digits, the zeros past a currency's decimals, Int64's ends.
        for text in ["999999999999999999", "-999999999999999999.99", "92233720368547758.07", "-92233720368547758.08",
                     "92233720368547758.08", "1.2300", "1.2301", "-0", "+0.000", "0.1", "7.", ".7", "00012.50"] {
            for currency in currencies { check(text, currency) }
        }
        XCTAssertGreaterThan(plain, 10_000, "the plain reading is taken often enough to be compared")
        XCTAssertEqual(Money.parsePlain("-92233720368547758.08", currency: .usd), nil, "Int64.min is left to the general reading")
        XCTAssertEqual(try Money.parse("-92233720368547758.08", currency: .usd).minorUnits, .min)
    }
}
