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

extension ReceiptReader.Inspection {
    /// The parser for these observations: the model trained on the engine that read them.
    public var parser: ReceiptParser { ReceiptParser(options: ReceiptParserOptions(model: .trained(for: engine.name))) }

    /// What `receipts read` prints: the parsed fields as one line of JSON (keys sorted), or the rows OCR saw and the
    /// fields parsed from them as text. Here rather than in the CLI (issue 35).
    public func report(json: Bool) throws -> String {
        let (rows, receipt) = parser.parse(observations)
        guard json else { return receipt.text(rows: rows) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(receipt), as: UTF8.self)
    }

    /// Writes the sanitised observations as JSON (keys sorted, indented) to `path`: a fixture for parser tests.
    public func writeSanitisedObservations(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try encoder.encode(parser.sanitiser.sanitise(observations)).write(to: URL(fileURLWithPath: path))
    }
}
