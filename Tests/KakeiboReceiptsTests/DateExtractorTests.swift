import KakeiboReceipts
import XCTest

/// The hand rule for two rows that print one date OCR read differently (synthetic rows, not dev receipts): prefer the
/// digit read open. The learned model takes the rule's pick as a feature (`rule_pick`, `digits_open`), so the rule is
/// tested on its own here, with no model.
final class DateExtractorTests: XCTestCase {
    /// A row of words at height `y`, each with its confidence.
    private func row(_ words: [(String, Double)], y: Double) -> [TextObservation] {
        words.enumerated().map { column, word in
            TextObservation(text: word.0, x: 0.05 + Double(column) * 0.2, y: y, width: 0.18, height: 0.02, confidence: word.1)
        }
    }

    private func parse(header: String, footer: String, footerConfidence: Double) -> ReceiptField<String>? {
        let observations = row([("KEDAI", 0.95), ("MAJU", 0.95)], y: 0.05)
            + row([("INV58418055", 0.2), (header, 0.9)], y: 0.15)
            + row([("TOTAL", 0.95), ("31.00", 0.95)], y: 0.5)
            + row([(footer, footerConfidence), ("08:35:58", footerConfidence), ("PM", footerConfidence)], y: 0.8)
        return ReceiptParser(options: ReceiptParserOptions(model: nil)).parse(observations).receipt.date
    }

    func testTheRowWithTheDigitOpenWinsOverABetterScoredFilledReading() throws {
        // The footer scores higher (its row is read more surely) but its 8 is the header's 5 with the gap filled.
        let date = try XCTUnwrap(parse(header: "11/05/2018", footer: "11/08/2018", footerConfidence: 0.8))
        XCTAssertEqual(date.value, "2018-05-11")
        XCTAssertLessThan(date.confidence, 0.75, "two rows disagree: never high confidence")
    }

    func testAFilledReadingOCRIsSureOfStands() throws {
        // Fading opens gaps too: a 9 that lost its top reads as 3.
        XCTAssertEqual(parse(header: "09/06/2018", footer: "09/06/2018", footerConfidence: 0.97)?.value, "2018-06-09")
        XCTAssertEqual(parse(header: "03/06/2018", footer: "09/06/2018", footerConfidence: 0.97)?.value, "2018-06-09")
    }

    func testTheOpenReadingIsNotTradedForAFilledOne() {
        XCTAssertEqual(parse(header: "11/08/2018", footer: "11/05/2018", footerConfidence: 0.8)?.value, "2018-05-11")
    }

    func testAnUnrelatedDateElsewhereDoesNotMoveTheChoice() {
        XCTAssertEqual(parse(header: "12/05/2018", footer: "11/08/2018", footerConfidence: 0.8)?.value, "2018-08-11")
    }
}
