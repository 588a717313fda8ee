import Foundation
import KakeiboPPOCR
import KakeiboReceiptImage
import KakeiboReceipts
import KakeiboReceiptsTraining
import XCTest

/// PP-OCR behind `OCREngine`: end to end on the synthetic receipts, and a worker that dies or hangs costs one file.
final class PPOCREngineTests: XCTestCase {
    static let synthetic = SyntheticReceiptTests.folder

    private func engineOrSkip() throws -> PPOCREngine {
        do {
            return try PPOCREngine(decode: UprightImage.pixels(imageAt:))
        } catch {
            print("PPOCREngineTests: skipped, \(error)")
            throw XCTSkip("\(error)")
        }
    }

    func testSyntheticReceiptsReadEndToEnd() throws {
        let engine = try engineOrSkip()
        XCTAssertEqual(engine.descriptor.name, "ppocr")
        XCTAssertTrue(engine.descriptor.version.hasPrefix("rapidocr-onnxruntime "), engine.descriptor.version)
        let models = try XCTUnwrap(engine.descriptor.models)
        XCTAssertTrue(models.keys.contains { $0.contains("det") } && models.keys.contains { $0.contains("rec") }, "\(models.keys)")
        XCTAssertTrue(models.values.allSatisfy { $0.count == 64 && $0.allSatisfy(\.isHexDigit) })
        let images = try FileManager.default.contentsOfDirectory(atPath: Self.synthetic.path).filter { $0.hasSuffix(".jpg") }.sorted()
        var totals = 0
        for name in images {
            let path = Self.synthetic.appendingPathComponent(name).path
            let page = try engine.recognize(imageAt: path)
            XCTAssertFalse(page.observations.isEmpty, name)
            XCTAssertTrue(page.observations.allSatisfy { $0.x >= 0 && $0.maxX <= 1.0001 && $0.y >= 0 && $0.maxY <= 1.0001 }, name)
            let truth = try ReceiptTruth.load(URL(fileURLWithPath: path).deletingPathExtension().appendingPathExtension("json"))
            let receipt = ReceiptParser().parse(page.observations).receipt
            if receipt.total?.value == truth.totalMinor { totals += 1 } else { print("\(name): total \(String(describing: receipt.total?.value)) want \(truth.totalMinor)") }
        }
        XCTAssertGreaterThanOrEqual(totals, images.count - 1, "PP-OCR's text carries the printed totals")
    }

    func testACorruptImageIsOneClearError() throws {
        let engine = try engineOrSkip()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-ppocr-\(UUID().uuidString).jpg")
        try Data("not an image at all".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        XCTAssertThrowsError(try engine.recognize(imageAt: file.path)) { error in
            XCTAssertTrue(String(describing: error).contains(file.path), "\(error)")
        }
    }

    /// A stand-in worker: answers the protocol (a JSON line, then the image's pixels), exits on a file named `die`,
    /// never answers one named `hang`.
    private func fakeWorker() throws -> (python: String, script: String) {
        guard let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw XCTSkip("no python3 to run a stand-in worker")
        }
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-fake-worker-\(UUID().uuidString).py")
        try """
        import json, sys, time
        print(json.dumps({"engine": "ppocr", "version": "fake 1", "models": {"m.onnx": "0" * 64}}), flush=True)
        for line in iter(sys.stdin.buffer.readline, b""):
            request = json.loads(line)
            path = request["path"]
            sys.stdin.buffer.read(request["bytes"])
            if "die" in path:
                print("MemoryError: the model did not fit", file=sys.stderr, flush=True)
                sys.exit(3)
            if "hang" in path: time.sleep(60)
            print(json.dumps({"width": 10, "height": 10, "observations": [{"text": "TOTAL 9.00", "x": 0.1, "y": 0.1, "width": 0.5, "height": 0.1, "confidence": 0.9}]}), flush=True)
        """.write(to: script, atomically: true, encoding: .utf8)
        return (python, script.path)
    }

    func testAWorkerThatDiesOrHangsFailsOnlyItsFileAndTheBatchGoesOn() throws {
        let worker = try fakeWorker()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = Self.synthetic.appendingPathComponent("syn-01-tax-invoice.jpg")
        let names = ["a-ok.jpg", "b-die.jpg", "c-ok.jpg", "d-hang.jpg", "e-ok.jpg"]
        for name in names { try FileManager.default.copyItem(at: source, to: folder.appendingPathComponent(name)) }
        let batch = ReceiptBatch(workers: 1) {
            let engine = try PPOCREngine(python: worker.python, script: worker.script, decode: UprightImage.pixels(imageAt:))
            engine.timeout = 2
            return engine
        }
        let items = batch.recognize(names.map { folder.appendingPathComponent($0).path })
        XCTAssertEqual(items.map { (try? $0.result.get()) != nil }, [true, false, true, false, true])
        XCTAssertTrue(String(describing: items[1].result).contains("stopped (exit status 3)"), "\(items[1].result)")
        // The worker's stderr is kept in a log, so the error quotes why it died.
        XCTAssertTrue(String(describing: items[1].result).contains("MemoryError: the model did not fit"), "\(items[1].result)")
        XCTAssertTrue(String(describing: items[3].result).contains("no answer"), "\(items[3].result)")
        XCTAssertEqual(items[4].engine?.version, "fake 1")
    }

    /// A worker that closes its stdin but lives on leaves a pipe with no reader: writing a request must fail that file
    /// (EPIPE, reported as the worker stopping), not end this process with SIGPIPE.
    func testWritingToAWorkerThatStoppedReadingIsAnErrorNotASignal() throws {
        guard let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw XCTSkip("no python3 to run a stand-in worker")
        }
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-deaf-worker-\(UUID().uuidString).py")
        defer { try? FileManager.default.removeItem(at: script) }
        try """
        import json, os, sys, time
        print(json.dumps({"engine": "ppocr", "version": "deaf 1", "models": {}}), flush=True)
        os.close(0)
        time.sleep(30)
        """.write(to: script, atomically: true, encoding: .utf8)
        let engine = try PPOCREngine(python: python, script: script.path, decode: UprightImage.pixels(imageAt:))
        engine.timeout = 5
        Thread.sleep(forTimeInterval: 0.5) // the worker closes its stdin after its first line
        let image = Self.synthetic.appendingPathComponent("syn-01-tax-invoice.jpg").path
        XCTAssertThrowsError(try engine.recognize(imageAt: image)) { error in
            guard case PPOCRError.workerDied = error else { return XCTFail("\(error)") }
        }
    }
}
