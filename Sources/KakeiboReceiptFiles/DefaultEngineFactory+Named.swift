import Foundation
import KakeiboPPOCR
import KakeiboReceiptImage
import KakeiboReceipts
import KakeiboTesseract

extension DefaultEngineFactory {
    /// The factory a batch calls once per worker, for the engine named (`tesseract`, `ppocr`, `ppocr-v5`, `ppocr-v6`,
    /// `ppocr-v6-tiny`), or by the default policy when none is named. Here rather than in each front end, so the CLI's
    /// `--engine` and any other caller choose engines the same way. A PP-OCR engine asked for by name is started once
    /// here: a missing install is one error now, not one per file, and that first worker is handed to the batch rather
    /// than thrown away (its models take a while to load).
    public static func named(_ name: String?, tesseract settings: TesseractEngine.Settings = TesseractEngine.Settings(),
                             notice: @escaping @Sendable (_ failure: any Error, _ next: String) -> Void) throws -> @Sendable () throws -> any OCREngine {
        guard let name else { return DefaultEngineFactory(tesseract: settings, notice: notice).make }
        guard let model = PPOCRModel(engineName: name) else { return TesseractEngine.factory(settings) }
        let decode: ReceiptImageDecoding = UprightImage.pixels(imageAt:)
        return FirstThenFactory(first: try PPOCREngine(model: model, decode: decode), then: PPOCREngine.factory(model, decode: decode)).make
    }
}

/// Hands out an engine already made, then makes new ones.
private final class FirstThenFactory: @unchecked Sendable {
    private let lock = NSLock()
    private var first: (any OCREngine)?
    private let then: @Sendable () throws -> any OCREngine

    init(first: any OCREngine, then: @escaping @Sendable () throws -> any OCREngine) {
        self.first = first
        self.then = then
    }

    @Sendable func make() throws -> any OCREngine {
        lock.lock()
        let engine = first
        first = nil
        lock.unlock()
        return try engine ?? then()
    }
}
