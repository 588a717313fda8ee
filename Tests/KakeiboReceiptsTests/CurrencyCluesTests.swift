import KakeiboReceipts
import XCTest

/// N8, N27: a currency the receipt does not print is inferred from where it was issued, or named as assumed, and is a
/// reason to review unless the place agrees with the currency expected. Rows as PP-OCR reads them, words glued.
final class CurrencyCluesTests: XCTestCase {
    static let berlin = ["CAFEAMMARKTGMBH", "MARKTPLATZ.4", "10115BERLIN", "UST-IDDE123456789", "DATE:19.10.2025 09:31",
                         "CAPPUCCINO 3.80", "TOTAL 9.20", "CARD 9.20"]
    static let bristol = ["HARBOURBOOKSLTD", "21QUAYSTREET", "BRISTOLBS14DJ", "VATNO:GB123456789", "DATE:05Sep202414:20",
                          "SUBTOTAL 16.74", "TOTAL 16.74", "CASH 20.00"]
    static let springfield = ["BLUE.RIVERDINERLLC", "418MAPLEAVENUE", "SPRINGFIELD,IL62704", "DATE:03/04/2025", "TOTAL 16.46"]

    func testAPlaceOrTaxIDWithOneCurrencyIsInferredAndIsAReasonToReview() {
        let euro = ReceiptLines.parse(Self.berlin, currency: "USD")
        XCTAssertEqual(euro.currency?.value, "EUR")
        XCTAssertEqual(euro.currencyBasis, .inferred)
        XCTAssertEqual(euro.currency?.rows, [0, 2, 3])
        XCTAssertEqual(euro.currencyReason, "currency not printed, EUR inferred")
        XCTAssertTrue(euro.needsReview)
        XCTAssertTrue(euro.reviewReasons.contains("currency not printed, EUR inferred"), "\(euro.reviewReasons)")

        let pound = ReceiptLines.parse(Self.bristol, currency: "USD")
        XCTAssertEqual(pound.currency?.value, "GBP")
        XCTAssertEqual(pound.currencyBasis, .inferred)
        XCTAssertEqual(pound.total?.value, 1674)
    }

    func testAUSAddressMeansDollarsAndMonthFirstDates() {
        let dollar = ReceiptLines.parse(Self.springfield, currency: "MYR")
        XCTAssertEqual(dollar.currency?.value, "USD")
        XCTAssertEqual(dollar.currencyBasis, .inferred)
        XCTAssertEqual(dollar.date?.value, "2025-03-04", "month-first beside a US address")
    }

    func testNothingOnTheReceiptSaysSoTheDefaultIsNamedAsAssumed() {
        let plain = ReceiptLines.parse(["CORNER SHOP", "DATE: 12/11/2025", "TOTAL 5.00"], currency: "USD")
        XCTAssertEqual(plain.currency?.value, "USD")
        XCTAssertEqual(plain.currencyBasis, .assumed)
        XCTAssertEqual(plain.currency?.rows, [])
        XCTAssertEqual(plain.currencyReason, "currency not printed, USD assumed")
        XCTAssertTrue(plain.needsReview)
    }

    func testAPrintedCurrencyOrOneTheAddressCorroboratesIsNoReason() {
        let printed = ReceiptLines.parse(["HARBOUR BOOKS LTD", "BRISTOL", "TOTAL £16.74"], currency: "USD")
        XCTAssertEqual(printed.currency?.value, "GBP")
        XCTAssertEqual(printed.currencyBasis, .printed)
        XCTAssertNil(printed.currencyReason)

        let malaysian = ["KEDAI MAJU SDN BHD", "NO 3, JALAN BESAR, 47500 SUBANG JAYA, SELANGOR", "TOTAL 8.40"]
        let agreed = ReceiptLines.parse(malaysian, currency: "MYR")
        XCTAssertEqual(agreed.currencyBasis, .corroborated)
        XCTAssertNil(agreed.currencyReason)
        let foreign = ReceiptLines.parse(malaysian, currency: "USD")
        XCTAssertEqual(foreign.currency?.value, "MYR")
        XCTAssertEqual(foreign.currencyReason, "currency not printed, MYR inferred")
    }

    func testShortPlaceWordsCountOnlyAsWholeWords() {
        // `USA` inside the Malay `USAHA`, `WALES` inside `WHOLESALES`, `IN 12345` not ending a row: no clue.
        let rows = ["USAHAWAN WHOLESALES", "CHECK IN 12345 ROOM", "TOTAL 5.00"]
        XCTAssertEqual(ReceiptLines.parse(rows, currency: "SGD").currencyBasis, .assumed)
        // A tie between two currencies says nothing either.
        XCTAssertEqual(ReceiptLines.parse(["SINGAPORE", "MALAYSIA", "TOTAL 5.00"], currency: "JPY").currencyBasis, .assumed)
    }

    func testAGivenCurrencyStandsOverAnInferredOne() {
        let parser = ReceiptParser(options: ReceiptParserOptions(defaultCurrency: "USD", infersCurrency: false))
        let receipt = parser.parse(ReceiptLines.observations(Self.berlin)).receipt
        XCTAssertEqual(receipt.currency?.value, "USD")
        XCTAssertEqual(receipt.currencyBasis, .assumed)
    }
}
