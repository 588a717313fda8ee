import KakeiboDomain
@testable import KakeiboInterop
import XCTest

/// The amount forms the issue lists, and the ones refused.
final class AmountSyntaxTests: XCTestCase {
    let here = SourceLocation(file: "t.journal", line: 1)

    func testAmountForms() throws {
        var syntax = AmountSyntax()
        let cases: [(String, Int64, String)] = [
            ("$1,234.56", 123_456, "USD"), ("-$5", -500, "USD"), ("$-5", -500, "USD"), ("1234.56 USD", 123_456, "USD"),
            ("USD 1234.56", 123_456, "USD"), ("£3.10", 310, "GBP"), ("¥500", 500, "JPY"), ("- $ 5", -500, "USD"),
            ("+7 EUR", 700, "EUR"), ("0.5 USD", 50, "USD"),
            // hledger reads a mark with no decimals after it as a whole amount (its numbers-03);
            // was refused before issue 36. Digit groups may be split by spaces (numbers-05).
            ("$5.", 500, "USD"), ("1. EUR", 100, "EUR"), ("1 000.00 EUR", 100_000, "EUR"), ("EUR -12 345 678", -1_234_567_800, "EUR"),
        ]
        for (text, minor, code) in cases {
            let money = try syntax.amount(Substring(text), at: here)
            XCTAssertEqual(money, Money(minorUnits: minor, currency: try Currency(code: code)), text)
        }
        syntax.decimalComma["EUR"] = true
        XCTAssertEqual(try syntax.amount("€10,00", at: here), Money(minorUnits: 1000, currency: .eur))
        XCTAssertEqual(try syntax.amount("-1.234,56 EUR", at: here), Money(minorUnits: -123_456, currency: .eur))
    }

    func testRefusedAmounts() {
        for text in ["12.50", "$12.345", "€10,00", "$1,23.00", "$5 $6", "--$5", "-$-5", "\"X Y\" 5", "$5..", "$1 00", "$1e3", "12 €€"] {
            var syntax = AmountSyntax()
            XCTAssertThrowsError(try syntax.amount(Substring(text), at: here), text) { error in
                XCTAssertTrue("\(error)".hasPrefix("t.journal:1:1: "), "\(error)")
            }
        }
    }

    /// A symbol outside the ISO table takes the precision of its first use (issue 17), and keeps it.
    func testOtherCommoditiesTakeThePrecisionOfTheirFirstUse() throws {
        var syntax = AmountSyntax()
        let first = try syntax.amount("0.01000000 BTC", at: here)
        XCTAssertEqual(first.currency.code, "BTC")
        XCTAssertEqual(first.currency.minorDigits, 8)
        XCTAssertEqual(first.minorUnits, 1_000_000)
        XCTAssertEqual(try syntax.amount("2 BTC", at: here).minorUnits, 200_000_000)
        XCTAssertThrowsError(try syntax.amount("0.000000001 BTC", at: here))
        XCTAssertEqual(try syntax.amount("12 ABC", at: here).currency.minorDigits, 0)
        let (value, quote) = try syntax.price("$1.0875", at: here)
        XCTAssertEqual(value.description, "1.0875")
        XCTAssertEqual(quote, .usd)
    }

    func testDates() throws {
        for text in ["2026-11-02", "2026/11/02", "2026.11.02", "2026/11/2"] {
            XCTAssertEqual(try AmountSyntax.date(Substring(text), at: here).description, "2026-11-02")
        }
        for text in ["2026-02-30", "26-11-02", "11/02", "2026-11", "2026-1x-02"] {
            XCTAssertThrowsError(try AmountSyntax.date(Substring(text), at: here), text)
        }
    }
}
