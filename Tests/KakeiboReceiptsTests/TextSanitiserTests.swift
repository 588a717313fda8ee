import KakeiboReceipts
import XCTest

final class TextSanitiserTests: XCTestCase {
    func testDropsControlCharactersAndEscapes() {
        let sanitiser = TextSanitiser()
        XCTAssertEqual(sanitiser.sanitise("TOTAL\u{1B}[2J 12.00\u{07}"), "TOTAL[2J 12.00")
        XCTAssertEqual(sanitiser.sanitise("a\u{0}b\u{202E}c"), "abc")
    }

    func testKeepsReceiptPunctuationAndCurrencySigns() {
        XCTAssertEqual(TextSanitiser().sanitise("Total (RM): $12.00 €3 £4 ¥5 #7 & 50%"), "Total (RM): $12.00 €3 £4 ¥5 #7 & 50%")
    }

    func testDropsShellAndQuoteMetacharactersOutsideTheWhitelist() {
        XCTAssertEqual(TextSanitiser().sanitise("`rm -rf /`; \\ {x} ^"), "rm -rf /; x")
    }

    func testCapsLengthAndCollapsesWhitespace() {
        let sanitiser = TextSanitiser(maxWordLength: 5)
        XCTAssertEqual(sanitiser.sanitise("abcdefgh"), "abcde")
        XCTAssertEqual(TextSanitiser().sanitise("  a \t\n b  "), "a b")
    }

    func testClampsBoxesAndDropsEmptyOrNonFiniteObservations() {
        let observations = [
            TextObservation(text: "\u{1B}", x: 0, y: 0, width: 0.1, height: 0.1, confidence: 0.9),
            TextObservation(text: "ok", x: -1, y: 2, width: 0.1, height: 0.1, confidence: 95),
            TextObservation(text: "nan", x: .nan, y: 0, width: 0.1, height: 0.1, confidence: 0.9),
        ]
        let clean = TextSanitiser().sanitise(observations)
        XCTAssertEqual(clean.count, 1)
        XCTAssertEqual(clean[0].x, 0)
        XCTAssertEqual(clean[0].y, 1)
        XCTAssertEqual(clean[0].confidence, 1)
    }
}
