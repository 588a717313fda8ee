import KakeiboDomain
@testable import KakeiboReceipts
import XCTest

/// Line engines (PP-OCR, Apple Vision) reach the parser as words, with a clock time glued to a date parted.
final class LineSplitterTests: XCTestCase {
    func testALineBecomesWordsWithTheirShareOfTheBox() {
        let line = TextObservation(text: "TOTAL RM 12.50", x: 0.1, y: 0.5, width: 0.7, height: 0.02, confidence: 0.9)
        let words = LineSplitter().words(from: [line])
        XCTAssertEqual(words.map(\.text), ["TOTAL", "RM", "12.50"])
        XCTAssertEqual(words[0].x, 0.1, accuracy: 1e-12)
        XCTAssertEqual(words[2].maxX, 0.8, accuracy: 1e-12, "the last word ends where the line ends")
        XCTAssertTrue(words.allSatisfy { $0.y == 0.5 && $0.height == 0.02 && $0.confidence == 0.9 })
        XCTAssertEqual(LineSplitter().words(from: [words[0]]), [words[0]], "a word stays as it is")
    }

    func testATimeGluedToADateIsParted() {
        func split(_ text: String) -> [String] {
            LineSplitter().words(from: [TextObservation(text: text, x: 0, y: 0, width: 1, height: 0.1, confidence: 1)]).map(\.text)
        }
        XCTAssertEqual(split("25/12/20188:13:39PM"), ["25/12/2018", "8:13:39PM"])
        XCTAssertEqual(split("01/03/1819:14"), ["01/03/18", "19:14"])
        XCTAssertEqual(split("Date:24-05-20184:29PM"), ["Date:24-05-2018", "4:29PM"])
        XCTAssertEqual(split(":19-04-201813:43:54"), [":19-04-2018", "13:43:54"])
        XCTAssertEqual(split("25/12/2018 8:13"), ["25/12/2018", "8:13"])
        XCTAssertEqual(split("TEL:03-8263254"), ["TEL:03-8263254"], "no date, nothing parted")
    }

    func testTheParserReadsTheDateAndTimeOfAGluedLine() {
        let observations = [
            TextObservation(text: "KEDAI MAJU SDN BHD", x: 0.2, y: 0.05, width: 0.6, height: 0.03, confidence: 0.95),
            TextObservation(text: "25/12/20188:13:39PM", x: 0.05, y: 0.2, width: 0.5, height: 0.03, confidence: 0.95),
            TextObservation(text: "TOTAL", x: 0.05, y: 0.5, width: 0.2, height: 0.03, confidence: 0.95),
            TextObservation(text: "9.00", x: 0.8, y: 0.5, width: 0.1, height: 0.03, confidence: 0.95),
        ]
        let receipt = ReceiptParser().parse(observations).receipt
        XCTAssertEqual(receipt.date?.value, "2018-12-25")
        XCTAssertEqual(receipt.time?.value, "20:13")
        XCTAssertEqual(receipt.total?.value, 900)
    }

    func testFullwidthPunctuationReadsAsASCII() {
        XCTAssertEqual(TextSanitiser().sanitise("（801580-T）：１２"), "(801580-T):12")
    }

    func testAFigureUnderOnePrintedWithoutItsLeadingZeroIsAnAmount() throws {
        let scanner = AmountScanner(currency: try Currency(code: "MYR"))
        XCTAssertEqual(scanner.amount(".01"), 1)
        XCTAssertEqual(scanner.amount("RM-.02"), -2)
        XCTAssertNil(scanner.amount(".0"))
        XCTAssertNil(scanner.amount(".015"))
    }

    /// PP-OCR drops the space between a label and its figure: `(Inclusive GST)RM137.15` is 137.15. Candidate recall on
    /// the 286 train+dev receipts (PP-OCR): printed total among the candidates 280 → 283.
    func testAFigureGluedBehindItsLabelIsAnAmount() throws {
        let scanner = AmountScanner(currency: try Currency(code: "MYR"))
        XCTAssertEqual(scanner.amount("(Inclusive65T)RM137.15"), 13715)
        XCTAssertEqual(scanner.amount("CC*7185:RM111.90"), 11190)
        XCTAssertEqual(scanner.amount("RM1,234.50"), 123450)
        XCTAssertNil(scanner.amount("2017-12.05"), "a date's parts, not a figure")
        XCTAssertNil(scanner.amount("12/05.10"))
    }
}

extension LineSplitterTests {
    func testAGluedCompanySuffixIsPutBackApart() {
        XCTAssertEqual(MerchantExtractor.spacingSuffix("FRESHMARTHYPERSDNBHD"), "FRESHMARTHYPER SDN BHD")
        XCTAssertEqual(MerchantExtractor.spacingSuffix("BLUE.RIVERDINERLLC"), "BLUE.RIVERDINERLLC", "a dot inside: not only letters before the suffix")
        XCTAssertEqual(MerchantExtractor.spacingSuffix("RIVERDINERLLC"), "RIVERDINER LLC")
        XCTAssertEqual(MerchantExtractor.spacingSuffix("TASTE SDN.BHD."), "TASTE SDN. BHD.")
        XCTAssertEqual(MerchantExtractor.spacingSuffix("GREEN LEAF SDN BHD"), "GREEN LEAF SDN BHD")
    }
}

extension LineSplitterTests {
    /// Issue 13 item 20: a stray `rm` on a row without figures is not ringgit.
    func testAStrayRmWithoutFiguresIsNotRinggit() {
        func row(_ text: String, _ y: Double) -> TextObservation { TextObservation(text: text, x: 0.1, y: y, width: 0.6, height: 0.03, confidence: 0.95) }
        let options = ReceiptParserOptions(defaultCurrency: "USD")
        let stray = ReceiptParser(options: options).parse([row("rm -rf ~ DROP TABLE events", 0.1), row("TOTAL 9.99", 0.5)]).receipt
        XCTAssertEqual(stray.currency?.value, "USD")
        let ringgit = ReceiptParser(options: options).parse([row("TOTAL RM 9.99", 0.5)]).receipt
        XCTAssertEqual(ringgit.currency?.value, "MYR")
    }
}
