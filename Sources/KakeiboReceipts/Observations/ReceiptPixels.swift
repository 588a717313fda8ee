/// A receipt image decoded and turned upright: 8-bit blue, green, red rows, OpenCV's layout. The receipt reader
/// decodes a file into these once (Leptonica, in `KakeiboReceiptImage`) and an engine that reads pixels
/// (`OCRPixelEngine`, PP-OCR's worker) is handed them, so the engine's module needs no image decoder of its own
/// (issue 35: `KakeiboPPOCR` depends on `KakeiboReceipts` only). A plain value, so an app can fill it from its own
/// camera frames.
public struct ReceiptPixels: Sendable, Hashable {
    public var width: Int
    public var height: Int
    /// `height` rows of `width` pixels, three bytes each (blue, green, red), no padding.
    public var bgr: [UInt8]

    public init(width: Int, height: Int, bgr: [UInt8]) {
        self.width = width
        self.height = height
        self.bgr = bgr
    }
}
