import KakeiboReceipts
import XCTest

/// Small cases built from text lines, one word per observation.
final class ReceiptParserTests: XCTestCase {
    private func parse(_ lines: [String], currency: String = "MYR", dayFirst: Bool? = nil) -> ParsedReceipt {
        var observations: [TextObservation] = []
        for (row, line) in lines.enumerated() {
            for (column, word) in line.split(separator: " ").enumerated() {
                observations.append(TextObservation(text: String(word), x: 0.05 + Double(column) * 0.12, y: 0.05 + Double(row) * 0.04,
                                                    width: 0.1, height: 0.025, confidence: 0.92))
            }
        }
        return ReceiptParser(options: ReceiptParserOptions(dayFirst: dayFirst, defaultCurrency: currency)).parse(observations).receipt
    }

    func testDayFirstByDefaultAndMonthFirstByHint() {
        XCTAssertEqual(parse(["SHOP", "DATE: 03/04/2018", "TOTAL 1.00"]).date?.value, "2018-04-03")
        XCTAssertEqual(parse(["SHOP", "DATE: 03/04/2018", "TOTAL 1.00"], dayFirst: false).date?.value, "2018-03-04")
        // A day over 12 decides by itself, whatever the hint.
        XCTAssertEqual(parse(["SHOP", "DATE: 12/28/2017", "TOTAL 1.00"]).date?.value, "2017-12-28")
    }

    func testManyDateForms() {
        XCTAssertEqual(parse(["S", "24 MAR 18"]).date?.value, "2018-03-24")
        XCTAssertEqual(parse(["S", "Mar 24, 2018"]).date?.value, "2018-03-24")
        XCTAssertEqual(parse(["S", "2018-04-06 10:00"]).date?.value, "2018-04-06")
        XCTAssertEqual(parse(["S", "11.02.18"]).date?.value, "2018-02-11")
        XCTAssertEqual(parse(["S", "DATE 25032018"]).date?.value, "2018-03-25")
        XCTAssertEqual(parse(["S", "12-02-2618 11:34"]).date?.value, "2018-02-12")
    }

    func testOCRTolerantTotalKeywordsAndSplitDecimals() {
        XCTAssertEqual(parse(["SHOP", "T0TAL 12.50"]).total?.value, 1250)
        XCTAssertEqual(parse(["SHOP", "TOTAI (RM) 79. 35"]).total?.value, 7935)
        XCTAssertEqual(parse(["SHOP", "Grand Total RM1,234.50"]).total?.value, 123_450)
    }

    func testQuantitiesAndItemCountsAreNotTotals() {
        let receipt = parse(["SHOP", "Total Qty: 4.00", "Total Includes GST 8.20", "Cash 20.20", "Change 12.00"])
        XCTAssertEqual(receipt.total?.value, 820)
    }

    func testMerchantSkipsAddressPhoneAndRegistration() {
        let receipt = parse(["(123456-X)", "TEL: 03-1234 5678", "GOOD FOOD ENTERPRISE", "NO 1, JALAN BESAR", "TOTAL 5.00"])
        XCTAssertEqual(receipt.merchant?.value, "GOOD FOOD ENTERPRISE")
    }

    func testSuffixOnItsOwnRowJoinsTheNameAbove() {
        XCTAssertEqual(parse(["PASAR BESAR MURAH", "SDN BHD", "TOTAL 5.00"]).merchant?.value, "PASAR BESAR MURAH SDN BHD")
    }

    func testCurrencySymbols() {
        XCTAssertEqual(parse(["S", "TOTAL €5.00"], currency: "USD").currency?.value, "EUR")
        XCTAssertEqual(parse(["S", "TOTAL RM5.00"], currency: "USD").currency?.value, "MYR")
        XCTAssertEqual(parse(["S", "TOTAL 5.00"], currency: "GBP").currency?.value, "GBP")
    }

    func testSimilarity() {
        XCTAssertEqual(Similarity.editDistance("TOTAL", "T0TAL"), 1)
        XCTAssertEqual(Similarity.normalise(" Sun-Victory  sdn. bhd. "), "SUN VICTORY SDN BHD")
        XCTAssertGreaterThanOrEqual(Similarity.ratio("RESTORAN WAN SHENG", "RESTORAN WAN SHEN"), 0.8)
    }

    /// A company number read with a space for its hyphen (PP-OCRv6: `(139386 X)`) is not part of the name.
    func testACompanyNumberWithASpaceForItsHyphenLeavesTheName() {
        let receipt = parse(["GARDENIA BAKERIES (KL) SDN BHD (139386 X)", "LOT 3, JALAN PELABUR 23/1", "TAX INVOICE", "TOTAL 12.50"])
        XCTAssertEqual(receipt.merchant?.value, "GARDENIA BAKERIES (KL) SDN BHD")
    }

    /// The rows a name is cited from are the rows it shows: a name its suffix ends is not cited with the address below.
    func testANameEndedByItsSuffixIsCitedFromItsOwnRow() {
        let receipt = parse(["BLUE RIVER DINER LLC", "418 MAPLE AVENUE", "SPRINGFIELD, IL 62704", "TOTAL $16.46"], currency: "USD")
        XCTAssertEqual(receipt.merchant?.value, "BLUE RIVER DINER LLC")
        XCTAssertEqual(receipt.merchant?.rows, [0])
    }
}
