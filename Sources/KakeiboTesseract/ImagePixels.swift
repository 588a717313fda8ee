import CTesseract

/// An image decoded once, with the checks every engine makes, and turned upright: 8-bit blue, green, red rows,
/// OpenCV's layout. The PP-OCR worker reads these instead of decoding the file a second time with `cv2.imread`
/// (issue 35); Leptonica's decode stays the one that refuses a truncated JPEG, which OpenCV decodes without a word.
public struct ImagePixels: Sendable {
    public var width: Int
    public var height: Int
    /// `height` rows of `width` pixels, three bytes each (blue, green, red), no padding.
    public var bgr: [UInt8]

    public init(imageAt path: String, limits: ImageLimits = ImageLimits()) throws {
        let (decoded, _) = try TesseractEngine.decodeUpright(imageAt: path, limits: limits)
        defer { var pointer: UnsafeMutablePointer<PIX>? = decoded; pixDestroy(&pointer) }
        // Grey, palette and 16-bit images become 32-bit RGB, as IMREAD_COLOR made three channels of them.
        guard let color = pixGetDepth(decoded) == 32 ? pixClone(decoded) : pixConvertTo32(decoded), let words = pixGetData(color) else {
            throw TesseractError.unreadableImage(path: path)
        }
        defer { var pointer: UnsafeMutablePointer<PIX>? = color; pixDestroy(&pointer) }
        let width = Int(pixGetWidth(color)), height = Int(pixGetHeight(color)), wordsPerLine = Int(pixGetWpl(color))
        var bgr = [UInt8](repeating: 0, count: width * height * 3)
        bgr.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let row = words + y * wordsPerLine
                var at = y * width * 3
                for x in 0..<width {
                    // A Leptonica RGB word is red, green, blue, alpha from the high byte down, whatever the machine's order.
                    let word = row[x]
                    out[at] = UInt8(truncatingIfNeeded: word >> 8)
                    out[at + 1] = UInt8(truncatingIfNeeded: word >> 16)
                    out[at + 2] = UInt8(truncatingIfNeeded: word >> 24)
                    at += 3
                }
            }
        }
        self.width = width
        self.height = height
        self.bgr = bgr
    }
}
