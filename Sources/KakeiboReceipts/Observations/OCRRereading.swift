/// A part of the page the parser wants read again, closer: a row whose few date digits OCR was unsure of, or a
/// band around the time where a date the layout lost should be.
public struct OCRRegion: Hashable, Sendable {
    public enum Layout: Hashable, Sendable {
        /// One printed line (Tesseract's single-line mode).
        case line
        /// Several lines, laid out by the engine (single-block mode).
        case block
    }

    /// Edges as fractions of the page, origin top left.
    public var minX: Double, minY: Double, maxX: Double, maxY: Double
    /// How much to enlarge the crop, relative to the original image.
    public var scale: Double
    public var layout: Layout

    public init(minX: Double, minY: Double, maxX: Double, maxY: Double, scale: Double, layout: Layout) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
        self.scale = scale; self.layout = layout
    }
}

/// An engine that can read part of the page it last recognised again. The parser decides which parts and what
/// the readings are worth (`DateRowReread.closerLooks`), so every engine that can crop gets the same logic.
public protocol OCRRereading: OCREngine {
    /// The words in `region` of the page the last `recognize(imageAt:)` read, boxes in page fractions; nil when
    /// the region cannot be read (too small, or no page).
    func reread(_ region: OCRRegion) -> [TextObservation]?
}

extension OCREngine {
    /// Recognises the image, then, when the engine can crop, lets the parser take the closer looks it wants at
    /// the date (`DateRowReread`). What batches, imports and `receipts read` call.
    public func readReceipt(imageAt path: String, closerLooks: Bool = true) throws -> OCRPage {
        var page = try recognize(imageAt: path)
        guard closerLooks, let engine = self as? any OCRRereading else { return page }
        let looked = DateRowReread().closerLooks(at: page.observations) { engine.reread($0) }
        if let step = looked.step {
            page.observations = looked.observations
            page.preprocessing.append(step)
        }
        return page
    }
}
