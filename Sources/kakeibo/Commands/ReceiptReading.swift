import ArgumentParser
import Foundation
import KakeiboReceiptFiles
import KakeiboReceipts
import KakeiboTesseract

/// Where a receipt's observations come from: an OCR engine on an image, or a JSON file another engine wrote.
enum ReceiptReading {
    /// Chosen by measurement on the dev set (`kakeibo receipts eval --psm`): at 900 px, total 46/46/44, date 51/49/51
    /// and merchant fuzzy 54/53/53 of 60 for PSM 3/4/6 — no better than automatic segmentation, so PSM 3.
    static let defaultMode: TesseractEngine.SegmentationMode = .auto
    /// `receipts eval --binarization 2` (Sauvola) read total 43/60 against Otsu's 54 on the dev set: Otsu.
    static let defaultBinarization: TesseractEngine.Binarization = .otsu

    struct Result {
        var observations: [TextObservation]
        var page: OCRPage?
        var engine: OCREngineDescriptor
    }

    static func read(file: String?, observations: String?, mode: TesseractEngine.SegmentationMode, engine choice: EngineOptions) throws -> Result {
        if let observations {
            let decoded = try ReceiptFile.observations(at: observations).observations
            return Result(observations: decoded, page: nil, engine: OCREngineDescriptor(name: "external", version: "unknown", language: "unknown"))
        }
        guard let file else { throw ValidationError("give a receipt image or --observations FILE.json") }
        // A bad file is refused before any engine starts (PP-OCR's worker takes a while and some memory to load).
        try TesseractEngine.validate(imageAt: file)
        var settings = TesseractEngine.Settings()
        settings.mode = mode
        settings.binarization = defaultBinarization
        let engine = try choice.factory(tesseract: settings)()
        let page = try engine.readReceipt(imageAt: file)
        return Result(observations: page.observations, page: page, engine: engine.descriptor)
    }
}
