import Foundation
import KakeiboDomain
import KakeiboReceiptFiles
import KakeiboReceipts
import XCTest

/// From observations to the ledger's receipt command (`ReceiptScan`, portable), and the file checks before OCR
/// (`KakeiboReceiptFiles`).
final class ReceiptScanCommandTests: XCTestCase {
    let engine = OCREngineDescriptor(name: "test", version: "1", language: "eng")
    let digest = String(repeating: "0", count: 64)

    func command(_ observations: [TextObservation], currency: String, preprocessing: [String] = []) -> LedgerCommand.ReceiptInput {
        ReceiptScan(observations: observations, imageSHA256: digest, engine: engine, preprocessing: preprocessing,
                    parser: ReceiptParser(options: ReceiptParserOptions(defaultCurrency: currency)))
            .command(account: "assets:cash", defaultCurrency: currency)
    }

    func word(_ text: String, row: Int, x: Double = 0.1, confidence: Double = 0.95) -> TextObservation {
        TextObservation(text: text, x: x, y: 0.02 + Double(row) * 0.03, width: 0.2, height: 0.02, confidence: confidence)
    }

    func observations() -> [TextObservation] {
        [word("CORNER", row: 0), word("SHOP", row: 0, x: 0.35), word("SDN", row: 0, x: 0.6), word("BHD", row: 0, x: 0.8),
         word("DATE:", row: 1), word("14/03/2018", row: 1, x: 0.35),
         word("TOTAL", row: 2), word("(RM)", row: 2, x: 0.35), word("12.50", row: 2, x: 0.75)]
    }

    func testFieldsBecomeTheScanAndTheExpense() throws {
        let input = command(observations(), currency: "MYR", preprocessing: ["grayscale"])
        XCTAssertEqual(input.total, Money(minorUnits: 1250, currency: try Currency(code: "MYR")))
        XCTAssertEqual(input.date?.description, "2018-03-14")
        XCTAssertEqual(input.payee, "CORNER SHOP SDN BHD")
        XCTAssertEqual(input.account, "assets:cash")
        XCTAssertNil(input.category)
        XCTAssertEqual(input.reading.imageSHA256, digest)
        XCTAssertEqual(input.reading.engine, .init(name: "test", version: "1", language: "eng"))
        XCTAssertEqual(input.reading.rows.map(\.text), ["CORNER SHOP SDN BHD", "DATE: 14/03/2018", "TOTAL (RM) 12.50"])
        XCTAssertEqual(input.reading.rows[0].box, [1000, 200, 9000, 200], "ten-thousandths of the image, origin top left")
        XCTAssertEqual(input.reading.rows[0].confidenceBasisPoints, 9500)
        XCTAssertEqual(input.reading.fields["total"]?.value, .minorUnits(1250))
        XCTAssertEqual(input.reading.fields["total"]?.rows, [2])
        XCTAssertEqual(input.reading.fields["merchant"]?.value, .text("CORNER SHOP SDN BHD"))
        XCTAssertEqual(input.needsReview, ReceiptParser().parse(observations()).receipt.needsReview)
    }

    func testTimeAndLineItemsBecomeTheScanCappedAtFiftyItems() throws {
        var words = [word("CORNER", row: 0), word("SHOP", row: 0, x: 0.35), word("SDN", row: 0, x: 0.6), word("BHD", row: 0, x: 0.8),
                     word("14/03/2018", row: 1), word("18:42", row: 1, x: 0.5)]
        for row in 2..<62 {
            for (column, text) in ["ITEM", "NO\(row)", "1.00"].enumerated() {
                words.append(TextObservation(text: text, x: 0.1 + Double(column) * 0.3, y: 0.12 + Double(row) * 0.014, width: 0.2,
                                             height: 0.009, confidence: 0.95))
            }
        }
        for (column, text) in ["TOTAL", "60.00"].enumerated() {
            words.append(TextObservation(text: text, x: 0.1 + Double(column) * 0.6, y: 0.12 + 62 * 0.014, width: 0.2, height: 0.009, confidence: 0.95))
        }
        let parsed = ReceiptParser().parse(words).receipt
        XCTAssertEqual(parsed.items.count, 60)
        let scan = command(words, currency: "MYR").reading
        XCTAssertEqual(scan.fields["time"]?.value, .text("18:42"))
        XCTAssertEqual(scan.fields["time"]?.rows, [1])
        XCTAssertEqual(scan.items.count, LedgerEvent.ReceiptScanned.maxItems)
        XCTAssertEqual(scan.items.first, .init(text: "ITEM NO2", quantity: nil, amountMinorUnits: 100,
                                               confidenceBasisPoints: scan.items.first?.confidenceBasisPoints ?? -1, rows: [2]))
        XCTAssertGreaterThanOrEqual(scan.items.first?.confidenceBasisPoints ?? 0, 7500, "sixty items add up to the total")
        let kept = Set(scan.rows.map(\.index))
        XCTAssertTrue(scan.items.allSatisfy { Set($0.rows).isSubset(of: kept) }, "every row an item cites is kept")
    }

    func testUntrustedTextIsSanitisedAndTheScanIsCapped() throws {
        var words = observations()
        words.append(word("\u{1B}[31mEVIL\u{07}", row: 3))
        for row in 4..<(LedgerEvent.ReceiptScanned.maxRows + 50) {
            words.append(TextObservation(text: "LINE\(row)", x: 0.1, y: Double(row) * 0.004, width: 0.2, height: 0.003, confidence: 0.9))
        }
        let input = command(words, currency: "USD")
        XCTAssertLessThanOrEqual(input.reading.rows.count, LedgerEvent.ReceiptScanned.maxRows)
        XCTAssertGreaterThan(input.reading.rowsOmitted, 0)
        XCTAssertEqual(Int64(input.reading.rows.count) + input.reading.rowsOmitted, Int64(ReceiptParser().rows(from: words).count))
        let cited = Set(input.reading.fields.values.flatMap(\.rows))
        XCTAssertTrue(cited.isSubset(of: Set(input.reading.rows.map(\.index))), "every cited row is kept")
        for row in input.reading.rows {
            XCTAssertFalse(row.text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, row.text)
            XCTAssertLessThanOrEqual(row.text.utf8.count, LedgerEvent.ReceiptScanned.maxTextBytes)
        }
    }

    func testFilesAreCheckedBeforeOCR() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-receipt-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func file(_ name: String, _ bytes: [UInt8]) -> String {
            let path = directory.appendingPathComponent(name).path
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
            return path
        }
        let png = file("b.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])
        let jpeg = file("a.JPG", [0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10])
        let empty = file("c.jpg", [])
        let text = file("d.jpeg", Array("not an image\n".utf8))
        let other = file("e.txt", [0xFF, 0xD8, 0xFF])
        let huge = file("f.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: huge))
        try handle.truncate(atOffset: UInt64(ReceiptFile.maximumBytes + 1)) // sparse: costs no disk
        try handle.close()
        XCTAssertThrowsError(try ReceiptFile.checkImage(at: huge)) { error in
            XCTAssertEqual(error as? ReceiptFileError, .tooLarge(path: huge, bytes: ReceiptFile.maximumBytes + 1, limit: ReceiptFile.maximumBytes))
        }
        try FileManager.default.removeItem(atPath: huge)
        XCTAssertEqual(ReceiptFile.expand([directory.path]), [jpeg, png, empty, text], "images by extension, sorted")
        XCTAssertEqual(try ReceiptFile.checkImage(at: png), ReceiptFile.sha256Hex(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])))
        XCTAssertEqual(try ReceiptFile.checkImage(at: jpeg).count, 64)
        XCTAssertEqual(ReceiptFile.sha256Hex(Data("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        for (path, expected) in [(empty, ReceiptFileError.empty(path: empty)), (text, .notAnImage(path: text)),
                                 (other, .unsupportedFormat(path: other)),
                                 (directory.appendingPathComponent("missing.png").path,
                                  .unreadable(path: directory.appendingPathComponent("missing.png").path))] {
            XCTAssertThrowsError(try ReceiptFile.checkImage(at: path)) { error in
                XCTAssertEqual(error as? ReceiptFileError, expected)
                XCTAssertTrue("\(error)".hasPrefix(path), "the message names the file: \(error)")
            }
        }
    }

    func testObservationFilesAreReadOrRefusedByName() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-observations-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let reader = ReceiptReader(parser: ReceiptParser(options: ReceiptParserOptions(defaultCurrency: "USD")))
        let good = directory.appendingPathComponent("words.json").path
        let bytes = try JSONEncoder().encode(observations())
        XCTAssertTrue(FileManager.default.createFile(atPath: good, contents: bytes))
        let read = try reader.read(observationsAt: good).scan.get().command(account: "assets:cash", defaultCurrency: "USD")
        XCTAssertEqual(read.reading.imageSHA256, ReceiptFile.sha256Hex(bytes), "the file's digest is the idempotency key")
        XCTAssertEqual(read.reading.engine.name, "external")
        XCTAssertEqual(read.total?.minorUnits, 1250)

        let bad = directory.appendingPathComponent("bad.json").path
        XCTAssertTrue(FileManager.default.createFile(atPath: bad, contents: Data(#"{"text": "not an array"}"#.utf8)))
        XCTAssertThrowsError(try reader.read(observationsAt: bad).scan.get()) { error in
            XCTAssertEqual(error as? ReceiptFileError, .notObservations(path: bad))
        }
    }
}
