import ArgumentParser
import KakeiboReceiptFiles
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

    /// The factory a batch calls once per worker (`DefaultEngineFactory.named`): the engine asked for, else the default
    /// policy, with its fallback notice worded here. `tesseract` only when a command tunes Tesseract (`receipts eval`).
    func factory(tesseract settings: TesseractEngine.Settings? = nil) throws -> @Sendable () throws -> any OCREngine {
        try Self.factory(engine, tesseract: settings)
    }

    static func factory(_ engine: Name?, tesseract settings: TesseractEngine.Settings? = nil) throws -> @Sendable () throws -> any OCREngine {
        let notice: @Sendable (any Error, String) -> Void = { error, next in Terminal.printNote("\(ErrorMessage(error).line); reading with \(next)") }
        guard let settings else { return try DefaultEngineFactory.named(engine?.rawValue, notice: notice) }
        return try DefaultEngineFactory.named(engine?.rawValue, tesseract: settings, notice: notice)
    }
}
