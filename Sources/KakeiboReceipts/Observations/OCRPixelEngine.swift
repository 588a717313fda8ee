/// How a front end turns a receipt file into upright pixels: the receipt reader's one decoder
/// (`UprightImage.pixels(imageAt:)`), which refuses a damaged or oversized file with the reader's one-line errors.
public typealias ReceiptImageDecoding = @Sendable (_ path: String) throws -> ReceiptPixels

/// An engine that reads decoded pixels rather than a file. Its `recognize(imageAt:)` decodes through the
/// `ReceiptImageDecoding` it was given, so both engines see the same upright pixels from the same checks.
public protocol OCRPixelEngine: OCREngine {
    /// Reads `pixels`; `path` only names the image in errors.
    func recognize(_ pixels: ReceiptPixels, path: String) throws -> OCRPage
}
