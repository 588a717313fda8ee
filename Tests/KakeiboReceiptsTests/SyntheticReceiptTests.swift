import Foundation
import KakeiboReceipts
import KakeiboReceiptsTraining
import KakeiboTesseract
import XCTest

/// End to end through Tesseract on the rendered receipts in Fixtures/receipts/synthetic
/// (Fixtures/receipts/render.py): every field the truth names parses to it.
final class SyntheticReceiptTests: XCTestCase {
    static let folder = ReceiptsEvalIntegrationTests.repository.appendingPathComponent("Fixtures/receipts/synthetic")

    func testEverySyntheticReceiptParsesToItsTruth() throws {
        let images = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".jpg") }.sorted()
        XCTAssertGreaterThanOrEqual(images.count, 6, "several layouts")
        let items = ReceiptBatch(workers: 2, makeEngine: TesseractEngine.factory()).recognize(images.map { Self.folder.appendingPathComponent($0).path })
        for item in items {
            let name = URL(fileURLWithPath: item.path).lastPathComponent
            let truthURL = URL(fileURLWithPath: item.path).deletingPathExtension().appendingPathExtension("json")
            let truth = try ReceiptTruth.load(truthURL)
            let currency = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(contentsOf: truthURL)) as? [String: Any])?["currency"] as? String)
            let page = try item.result.get()
            XCTAssertTrue(page.preprocessing.contains("grayscale"), name)
            let outcome = ReceiptEvaluation.Outcome(id: name, receipt: ReceiptParser().parse(page.observations).receipt,
                                                    truth: truth, seconds: item.seconds)
            XCTAssertTrue(outcome.totalCorrect, "\(name) total \(String(describing: outcome.receipt.total?.value)) ≠ \(truth.totalMinor)")
            XCTAssertTrue(outcome.dateCorrect, "\(name) date \(String(describing: outcome.receipt.date?.value)) ≠ \(truth.dateISODayFirst)")
            XCTAssertTrue(outcome.merchantCorrect, "\(name) merchant \(String(describing: outcome.receipt.merchant?.value)) ≠ \(truth.company)")
            XCTAssertEqual(outcome.receipt.currency?.value, currency, "\(name) currency")
            XCTAssertEqual(item.engine?.name, "tesseract")
        }
    }

    /// syn-09's date column is tilted against the rest (a curled corner): the page layout loses the date row, and the
    /// parser finds it by asking the engine to read a band around the time row as a block.
    func testADateRowThePageLayoutLostIsFoundInABandAroundTheTime() throws {
        let path = Self.folder.appendingPathComponent("syn-09-curled-corner.jpg").path
        let engine = try TesseractEngine()
        let page = try engine.readReceipt(imageAt: path, closerLooks: false)
        XCTAssertNil(ReceiptParser().parse(page.observations).receipt.date, "the page alone loses the date row")
        let reread = try engine.readReceipt(imageAt: path)
        XCTAssertTrue(reread.preprocessing.contains("date found in a band re-read around the time"), "\(reread.preprocessing)")
        XCTAssertEqual(ReceiptParser().parse(reread.observations).receipt.date?.value, "2017-12-22")
    }
}
