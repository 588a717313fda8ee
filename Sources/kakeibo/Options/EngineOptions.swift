import ArgumentParser
import Foundation
import KakeiboPPOCR
import KakeiboReceipts
import KakeiboTesseract

/// `--engine tesseract|ppocr`: which OCR engine reads receipt images. The default is the most accurate one
/// installed: PP-OCR, else Tesseract (built in) with a one-line notice.
struct EngineOptions: ParsableArguments {
    enum Name: String, ExpressibleByArgument, CaseIterable {
        case tesseract, ppocr
    }

    @Option(help: "OCR engine: ppocr or tesseract (default: ppocr when installed, else tesseract).")
    var engine: Name?

    /// The factory a batch calls once per worker. PP-OCR is started once here to learn whether it works; that
    /// first worker is handed to the batch rather than thrown away (its models take a while to load).
    func factory(tesseract settings: TesseractEngine.Settings = TesseractEngine.Settings()) throws -> @Sendable () throws -> any OCREngine {
        try Self.factory(engine, tesseract: settings)
    }

    static func factory(_ engine: Name?, tesseract settings: TesseractEngine.Settings = TesseractEngine.Settings()) throws -> @Sendable () throws -> any OCREngine {
        switch engine {
        case .tesseract:
            return TesseractEngine.factory(settings)
        case .ppocr:
            // Asked for by name: a missing install is one error now, not one per file.
            return FirstThenFactory(first: try PPOCREngine(), then: PPOCREngine.factory()).make
        case nil:
            // Decided when the first image that passed its checks needs an engine, so a batch of bad files starts none.
            return PreferredEngineFactory(fallback: TesseractEngine.factory(settings)).make
        }
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

/// PP-OCR when it starts, else Tesseract for the rest of the run, with one notice.
private final class PreferredEngineFactory: @unchecked Sendable {
    private let lock = NSLock()
    private var usePPOCR = true
    private let fallback: @Sendable () throws -> any OCREngine

    init(fallback: @escaping @Sendable () throws -> any OCREngine) {
        self.fallback = fallback
    }

    @Sendable func make() throws -> any OCREngine {
        lock.lock()
        defer { lock.unlock() }
        if usePPOCR {
            do {
                return try PPOCREngine()
            } catch {
                usePPOCR = false
                Terminal.printNote("\(ErrorMessage(error).line); reading with Tesseract")
            }
        }
        return try fallback()
    }
}
