import Foundation
import KakeiboReceipts

/// PP-OCR (PaddleOCR's detection and recognition models, v4, v5 or v6: `PPOCRModel`) behind `OCREngine`, run by a
/// worker process (`PPOCRWorker`). On receipts from merchants nobody here tuned on, its text held the printed total
/// far more often than Tesseract's (the figures are in the README).
///
/// Not `Sendable`: it owns one worker process. A worker that dies is restarted for the next image; one that
/// hangs past `timeout` is stopped and the image reported, so the rest of a batch lands.
public final class PPOCREngine: OCRPixelEngine {
    public private(set) var descriptor: OCREngineDescriptor
    /// The receipt reader's decoder (`UprightImage.pixels(imageAt:)` in `KakeiboReceiptImage`), handed in so this
    /// module needs none of its own: Leptonica refuses what Tesseract refuses (OpenCV decodes a truncated JPEG
    /// silently) and turns a phone photo upright by its EXIF tag (issue 35).
    private let decode: ReceiptImageDecoding
    /// Seconds one image may take; a page scan takes about 5 s on a loaded core.
    public var timeout = 120
    private let python: String
    private let script: String
    public let model: PPOCRModel
    private var worker: PPOCRWorker?

    public init(model: PPOCRModel = .v4, python: String? = nil, script: String? = nil, decode: @escaping ReceiptImageDecoding) throws(PPOCRError) {
        guard let python = python ?? PPOCRInstallation.python() else {
            throw .unavailable(reason: "no Python with \(model.package) found")
        }
        guard let script = script ?? PPOCRInstallation.script() else {
            throw .unavailable(reason: "ppocr_worker.py is missing beside the binary")
        }
        self.python = python
        self.script = script
        self.model = model
        self.decode = decode
        let worker = try PPOCRWorker(python: python, script: script, model: model)
        self.worker = worker
        descriptor = OCREngineDescriptor(name: model.engineName, version: worker.hello.version, language: "en+ch",
                                         models: worker.hello.models)
    }

    /// Decoded once, by the receipt reader's decoder; the worker is handed the pixels, not the file.
    public func recognize(imageAt path: String) throws -> OCRPage {
        try recognize(decode(path), path: path)
    }

    public func recognize(_ image: ReceiptPixels, path: String) throws -> OCRPage {
        if worker?.isRunning != true { worker = try PPOCRWorker(python: python, script: script, model: model) }
        let answer = try worker!.read(image, path: path, timeout: timeout)
        if let error = answer.error { throw PPOCRError.unreadableImage(path: path, reason: error) }
        guard let observations = answer.observations else { throw PPOCRError.badAnswer(path: path) }
        return OCRPage(
            observations: observations.map {
                TextObservation(text: $0.text, x: $0.x, y: $0.y, width: $0.width, height: $0.height, confidence: $0.confidence)
            },
            preprocessing: [], imageWidth: answer.width ?? image.width, imageHeight: answer.height ?? image.height)
    }

    /// What `ReceiptBatch` calls on each worker.
    public static func factory(_ model: PPOCRModel = .v4, decode: @escaping ReceiptImageDecoding) -> @Sendable () throws -> any OCREngine {
        { try PPOCREngine(model: model, decode: decode) }
    }
}
