import Foundation
import KakeiboPPOCR
import KakeiboReceiptImage
import KakeiboReceipts
import KakeiboTesseract
import XCTest

/// A phone photo's EXIF Orientation tag, read in Swift now that Leptonica decodes for both engines (issue 35: the
/// image is decoded once per engine; OpenCV's `imread` used to turn it for PP-OCR).
final class ExifOrientationTests: XCTestCase {
    /// Stored a quarter turn counter-clockwise, with tag 6 (Fixtures/receipts/make_rotated.py): 618 × 554 in the file.
    static let rotated = SyntheticReceiptTests.folder.deletingLastPathComponent().appendingPathComponent("rotated/syn-02-us-diner-exif6.jpg")

    /// A JPEG's start: SOI, a JFIF APP0, then an EXIF APP1 whose IFD0 holds `entries` (tag, type, value) in `order`.
    private func jpeg(order: String, entries: [(tag: UInt16, type: UInt16, value: UInt16)]) -> [UInt8] {
        let little = order == "II"
        func u16(_ value: UInt16) -> [UInt8] { little ? [UInt8(value & 0xFF), UInt8(value >> 8)] : [UInt8(value >> 8), UInt8(value & 0xFF)] }
        func u32(_ value: UInt32) -> [UInt8] { little ? u16(UInt16(value & 0xFFFF)) + u16(UInt16(value >> 16)) : u16(UInt16(value >> 16)) + u16(UInt16(value & 0xFFFF)) }
        var tiff = Array(order.utf8) + u16(42) + u32(8) + u16(UInt16(entries.count))
        for entry in entries { tiff += u16(entry.tag) + u16(entry.type) + u32(1) + u16(entry.value) + [0, 0] }
        tiff += u32(0)
        let exif = Array("Exif\0\0".utf8) + tiff
        let app0: [UInt8] = [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF\0".utf8) + [1, 1, 0, 0, 1, 0, 1, 0, 0]
        let length = exif.count + 2
        return [0xFF, 0xD8] + app0 + [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + exif + [0xFF, 0xDA, 0x00, 0x02]
    }

    func testTheTagIsReadInEitherByteOrderAmongOtherTags() {
        for orientation in ExifOrientation.allCases {
            for order in ["II", "MM"] {
                let bytes = jpeg(order: order, entries: [(0x010F, 2, 0), (0x0112, 3, orientation.rawValue), (0x0131, 2, 0)])
                XCTAssertEqual(ExifOrientation(jpeg: bytes), orientation, "\(order) \(orientation)")
            }
        }
    }

    func testNoTagOrADamagedHeaderIsUpright() {
        let whole = jpeg(order: "MM", entries: [(0x0112, 3, 6)])
        XCTAssertEqual(ExifOrientation(jpeg: whole), .rotatedClockwise)
        XCTAssertEqual(ExifOrientation(jpeg: jpeg(order: "II", entries: [(0x010F, 2, 0)])), .upright, "no Orientation entry")
        XCTAssertEqual(ExifOrientation(jpeg: jpeg(order: "II", entries: [(0x0112, 3, 9)])), .upright, "9 is no orientation")
        XCTAssertEqual(ExifOrientation(jpeg: jpeg(order: "II", entries: [(0x0112, 4, 6)])), .upright, "not a SHORT")
        XCTAssertEqual(ExifOrientation(jpeg: jpeg(order: "XX", entries: [(0x0112, 3, 6)])), .upright, "no byte order")
        // Every truncation of a valid header, and no JPEG at all: upright, never a crash.
        for count in 0..<whole.count - 4 { XCTAssertEqual(ExifOrientation(jpeg: Array(whole.prefix(count))), .upright, "\(count) bytes") }
        XCTAssertEqual(ExifOrientation(jpeg: Array("not an image".utf8)), .upright)
    }

    func testTheRotatedFixtureIsDecodedUpright() throws {
        let image = try UprightImage.pixels(imageAt: Self.rotated.path)
        XCTAssertEqual([image.width, image.height], [554, 618], "stored 618 × 554, shown 554 × 618")
        XCTAssertEqual(image.bgr.count, 554 * 618 * 3)
    }

    func testTesseractReadsTheRotatedPhotoUpright() throws {
        let page = try TesseractEngine().recognize(imageAt: Self.rotated.path)
        XCTAssertEqual([page.imageWidth, page.imageHeight], [554, 618])
        let receipt = ReceiptParser().parse(page.observations).receipt
        XCTAssertEqual(receipt.total?.value, 1646)
        // The photo is re-encoded at a quarter turn: Tesseract reads "BLUE. RIVER DINER LLC" from it (upright text all the same).
        XCTAssertTrue(receipt.merchant?.value.contains("RIVER DINER LLC") == true, "\(String(describing: receipt.merchant))")
    }

    func testPPOCRReadsTheRotatedPhotoUpright() throws {
        let engine: PPOCREngine
        do { engine = try PPOCREngine(model: .v6, decode: UprightImage.pixels(imageAt:)) } catch {
            print("ExifOrientationTests: PP-OCR skipped, \(error)")
            throw XCTSkip("\(error)")
        }
        let page = try engine.recognize(imageAt: Self.rotated.path)
        XCTAssertEqual([page.imageWidth, page.imageHeight], [554, 618])
        let receipt = ReceiptParser().parse(page.observations).receipt
        XCTAssertEqual(receipt.total?.value, 1646)
        XCTAssertEqual(receipt.merchant?.value, "BLUE RIVER DINER LLC")
    }
}
