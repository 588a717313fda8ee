import ArgumentParser
import Foundation
import KakeiboPPOCR
import KakeiboReceipts
import KakeiboTesseract

/// `--engine tesseract|ppocr|ppocr-v5|ppocr-v6|ppocr-v6-tiny`: which OCR engine reads receipt images. The default
/// is the library's policy (`DefaultOCREngine`): its engine, else the next that starts, with a one-line notice.
struct EngineOptions: ParsableArguments {
    enum Name: String, ExpressibleByArgument, CaseIterable {
        case tesseract, ppocr
        case ppocrV5 = "ppocr-v5", ppocrV6 = "ppocr-v6", ppocrV6Tiny = "ppocr-v6-tiny"
    }

    @Option(help: "OCR engine: ppocr-v6, ppocr-v6-tiny, ppocr-v5, ppocr (PP-OCRv4) or tesseract (default: \(DefaultOCREngine.name) when installed, else the next that starts).")
    var engine: Name?

    /// The factory a batch calls once per worker. PP-OCR is started once here to learn whether it works; that
    /// first worker is handed to the batch rather than thrown away (its models take a while to load).
    func factory(tesseract settings: TesseractEngine.Settings = TesseractEngine.Settings()) throws -> @Sendable () throws -> any OCREngine {
        try Self.factory(engine, tesseract: settings)
    }

    static func factory(_ engine: Name?, tesseract settings: TesseractEngine.Settings = TesseractEngine.Settings()) throws -> @Sendable () throws -> any OCREngine {
        guard let engine else {
            return DefaultEngineFactory(tesseract: settings) { error, next in
                Terminal.printNote("\(ErrorMessage(error).line); reading with \(next)")
            }.make
        }
        guard let model = PPOCRModel(engineName: engine.rawValue) else { return TesseractEngine.factory(settings) }
        // Asked for by name: a missing install is one error now, not one per file.
        return FirstThenFactory(first: try PPOCREngine(model: model), then: PPOCREngine.factory(model)).make
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
