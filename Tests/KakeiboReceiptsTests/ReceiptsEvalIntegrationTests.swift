import Foundation
import KakeiboPPOCR
import KakeiboTestSupport
import XCTest

/// Runs `kakeibo receipts eval` on the 60 real receipts in ../shared/receipts-dev when that folder exists,
/// and asserts the targets.
final class ReceiptsEvalIntegrationTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let devSet = repository.deletingLastPathComponent().appendingPathComponent("shared/receipts-dev")

    /// Floors per engine on the 60 dev receipts, which the committed model was trained on (with train): a regression
    /// check, not the yardstick (that is `receipts eval --folds 5`, in the README). Measured at a3b213a on the cached
    /// observations: PP-OCRv6 small (the default) total 58/60, date 60/60, merchant as printed 51/60, fuzzy 58/60,
    /// high-confidence 119/119; PP-OCRv4 total 57/60, date 59/60, fuzzy 56/60, high-confidence 120/120; Tesseract total
    /// 55/60, date 58/60, fuzzy 57/60, nothing marked high-confidence (no threshold reached 99.6 % out of fold). The
    /// floors leave two receipts of room: a live reading may differ from the cached one by a box.
    static let floors: [String: [String: Double]] = [
        "ppocr-v6": ["total": 0.93, "date": 0.96, "merchant": 0.80, "merchant_fuzzy": 0.93],
        "ppocr": ["total": 0.90, "date": 0.95, "merchant_fuzzy": 0.85],
        "tesseract": ["total": 0.85, "date": 0.93, "merchant_fuzzy": 0.85],
    ]
    static let highConfidenceFloor = 0.98

    func testEvalOnTheDevSetMeetsTheFloorsWithEachEngine() throws {
        guard FileManager.default.fileExists(atPath: Self.devSet.path) else {
            print("ReceiptsEvalIntegrationTests: skipped, \(Self.devSet.path) is absent")
            throw XCTSkip("\(Self.devSet.path) is absent: the dev receipts live outside the repository")
        }
        var engines = ["tesseract"]
        if PPOCRInstallation.python() != nil { engines.insert(contentsOf: ["ppocr-v6", "ppocr"], at: 0) } else { print("ReceiptsEvalIntegrationTests: PP-OCR not installed, Tesseract only") }
        for engine in engines {
            let result = try KakeiboBinary.run(["receipts", "eval", Self.devSet.path, "--engine", engine, "--format", "json"])
            if result.status != 0, result.stderr.contains("PP-OCR is not available") {
                print("ReceiptsEvalIntegrationTests: \(engine) skipped, \(result.stderr)")
                continue
            }
            XCTAssertEqual(result.status, 0, result.stderr)
            let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            XCTAssertEqual(report["count"] as? Int, 60)
            let fields = try XCTUnwrap(report["fields"] as? [String: [String: Any]])
            for name in ["total", "date", "merchant", "merchant_fuzzy"] {
                let field = try XCTUnwrap(fields[name], name)
                XCTAssertNotNil(field["correct"] as? Int, name)
                XCTAssertNotNil(field["accuracy"] as? Double, name)
            }
            for (name, floor) in Self.floors[engine]! {
                let accuracy = try XCTUnwrap(fields[name]?["accuracy"] as? Double)
                XCTAssertGreaterThanOrEqual(accuracy, floor, "\(engine): \(name) fell below its floor")
            }
            XCTAssertNotNil(report["seconds_per_receipt"] as? Double)
            let calibration = try XCTUnwrap(report["calibration"] as? [String: Any])
            let high = try XCTUnwrap(calibration["high_confidence"] as? [String: Any])
            if (high["count"] as? Int ?? 0) > 0 {
                XCTAssertGreaterThanOrEqual(try XCTUnwrap(high["accuracy"] as? Double), Self.highConfidenceFloor, "\(engine): high-confidence fields")
            } else {
                XCTAssertEqual(engine, "tesseract", "PP-OCR marks fields high-confidence on these receipts")
            }
            XCTAssertNotNil(calibration["reliability"] as? [[String: Any]])
            print("receipts eval --engine \(engine) on the dev set: \(result.stdout)")
        }
    }

    func testReadRejectsAZeroByteImageWithOneLine() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-empty-\(UUID().uuidString).jpg")
        _ = FileManager.default.createFile(atPath: empty.path, contents: Data())
        defer { try? FileManager.default.removeItem(at: empty) }
        let result = try KakeiboBinary.run(["receipts", "read", empty.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr.split(separator: "\n").filter { $0.hasPrefix("kakeibo: error:") }.count, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("the file is empty (0 bytes)"), result.stderr)
    }

    func testReadParsesObservationsFromAnotherEngine() throws {
        let fixture = Self.repository.appendingPathComponent("Tests/KakeiboReceiptsTests/Fixtures/us-diner-month-first.json")
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: fixture)) as? [String: Any])
        let observations = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-obs-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: try XCTUnwrap(document["observations"])).write(to: observations)
        defer { try? FileManager.default.removeItem(at: observations) }
        let result = try KakeiboBinary.run(["receipts", "read", "--observations", observations.path, "--format", "json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let receipt = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((receipt["total"] as? [String: Any])?["value"] as? Int, 1566)
    }
}
