import Foundation
import KakeiboReceiptImage
import KakeiboReceipts

extension ReceiptReader {
    /// What one receipt gave `receipts read`: its observations, the page when an engine read an image, and which engine.
    public struct Inspection {
        public var observations: [TextObservation]
        public var page: OCRPage?
        public var engine: OCREngineDescriptor
    }

    /// Observations JSON another engine wrote, for inspecting one receipt; the engine is named `external`.
    public static func inspect(observationsAt path: String) throws -> Inspection {
        let decoded = try ReceiptFile.observations(at: path).observations
        return Inspection(observations: decoded, page: nil, engine: OCREngineDescriptor(name: "external", version: "unknown", language: "unknown"))
    }

    /// One receipt image read by the engine `makeEngine` makes, for inspecting it. A bad file is refused before any
    /// engine starts (PP-OCR's worker takes a while and some memory to load), with the decoder's own reasons: a
    /// truncated JPEG, a decompression bomb (`HostileReceiptImageTests`).
    public static func inspect(imageAt path: String, makeEngine: () throws -> any OCREngine) throws -> Inspection {
        try UprightImage.validate(imageAt: path)
        let engine = try makeEngine()
        let page = try engine.readReceipt(imageAt: path)
        return Inspection(observations: page.observations, page: page, engine: engine.descriptor)
    }
}
