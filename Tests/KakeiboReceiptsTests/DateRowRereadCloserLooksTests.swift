import KakeiboReceipts
import XCTest

/// The parser drives closer looks: which regions it asks an engine to read again, and what it does with the
/// answers. Any engine that can crop gets this logic; here the "engine" is a closure.
final class DateRowRereadCloserLooksTests: XCTestCase {
    private func words(_ line: String, y: Double, confidence: Double) -> [TextObservation] {
        line.split(separator: " ").enumerated().map { column, word in
            TextObservation(text: String(word), x: 0.05 + Double(column) * 0.2, y: y, width: 0.15, height: 0.02, confidence: confidence)
        }
    }

    func testAnUnsureDateRowIsAskedForAtTwoScalesAndReplacedWhenTheyAgree() {
        let page = words("SHOP SDN BHD", y: 0.05, confidence: 0.95) + words("Date: 16/07/2019", y: 0.2, confidence: 0.6)
            + words("TOTAL 12.50", y: 0.6, confidence: 0.95)
        var asked: [OCRRegion] = []
        let looked = DateRowReread().closerLooks(at: page) { region in
            asked.append(region)
            return self.words("Date: 15/07/2019", y: 0.2, confidence: 0.9)
        }
        XCTAssertEqual(asked.map(\.scale), DateRowReread.scales)
        XCTAssertTrue(asked.allSatisfy { $0.layout == .line && $0.minY < 0.2 && $0.maxY > 0.22 && $0.minX < 0.05 }, "\(asked)")
        XCTAssertEqual(looked.step, "date rows re-read: 1 replaced")
        XCTAssertEqual(ReceiptParser().parse(looked.observations).receipt.date?.value, "2019-07-15")
        XCTAssertEqual(looked.observations.count, page.count, "the row's words were replaced, not added to")
    }

    func testASureDateRowIsLeftAloneAndNothingIsAsked() {
        let page = words("Date: 16/07/2019", y: 0.2, confidence: 0.99) + words("TOTAL 12.50", y: 0.6, confidence: 0.99)
        var asked = 0
        let looked = DateRowReread().closerLooks(at: page) { _ in asked += 1; return nil }
        XCTAssertEqual(asked, 0)
        XCTAssertNil(looked.step)
        XCTAssertEqual(looked.observations, page)
    }

    func testWithNoDateOnThePageABandAroundTheTimeIsReadAsABlock() {
        let page = words("SHOP SDN BHD", y: 0.05, confidence: 0.95) + words("12:05:33 CASHIER 2", y: 0.3, confidence: 0.9)
            + words("TOTAL 12.50", y: 0.6, confidence: 0.95)
        var asked: [OCRRegion] = []
        let looked = DateRowReread().closerLooks(at: page) { region in
            asked.append(region)
            return self.words("22/12/2017 12:05:33", y: 0.3, confidence: 0.9)
        }
        XCTAssertTrue(asked.allSatisfy { $0.layout == .block && $0.minX == 0 && $0.maxX == 1 }, "\(asked)")
        XCTAssertEqual(looked.step, "date found in a band re-read around the time")
        XCTAssertEqual(ReceiptParser().parse(looked.observations).receipt.date?.value, "2017-12-22")
    }

    func testAnEngineThatCannotCropReadsThePageOnly() throws {
        struct PageOnly: OCREngine {
            let descriptor = OCREngineDescriptor(name: "page-only", version: "1", language: "eng")
            func recognize(imageAt path: String) throws -> OCRPage {
                OCRPage(observations: [TextObservation(text: "Date: 16/07/2019", x: 0.1, y: 0.2, width: 0.3, height: 0.02, confidence: 0.5)],
                        preprocessing: ["none"], imageWidth: 100, imageHeight: 100)
            }
        }
        let page = try PageOnly().readReceipt(imageAt: "unused.png")
        XCTAssertEqual(page.preprocessing, ["none"])
    }
}
