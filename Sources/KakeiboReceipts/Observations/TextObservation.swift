/// One word (or line) an OCR engine read, in engine-independent form, so Apple Vision output works as well as Tesseract's.
///
/// Coordinates are normalised to 0…1 with the origin at the top left of the image.
public struct TextObservation: Hashable, Sendable, Codable {
    public var text: String
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    /// 0…1; engines that report 0…100 are scaled on the way in.
    public var confidence: Double

    public init(text: String, x: Double, y: Double, width: Double, height: Double, confidence: Double) {
        self.text = text
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.confidence = confidence
    }

    public var midY: Double { y + height / 2 }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
}
