import CTesseract
import KakeiboReceipts

extension UprightImage {
    /// The image as 8-bit blue, green, red rows, OpenCV's layout: what the PP-OCR worker reads instead of decoding the
    /// file a second time with `cv2.imread` (issue 35).
    public func pixels() throws -> ReceiptPixels {
        // Grey, palette and 16-bit images become 32-bit RGB, as IMREAD_COLOR made three channels of them.
        guard let color = pixGetDepth(pix) == 32 ? pixClone(pix) : pixConvertTo32(pix), let words = pixGetData(color) else {
            throw ReceiptImageError.unreadableImage(path: path)
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
        return ReceiptPixels(width: width, height: height, bgr: bgr)
    }

    /// The receipt reader's one decoder for engines that read pixels (`ReceiptImageDecoding`): checked against
    /// `ImageLimits`, decoded by Leptonica, turned upright, as blue, green, red rows.
    @Sendable public static func pixels(imageAt path: String) throws -> ReceiptPixels {
        try UprightImage(imageAt: path).pixels()
    }
}
