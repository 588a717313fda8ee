import CTesseract
import Foundation

extension TesseractEngine {
    /// `decode`, then turned as the JPEG's EXIF Orientation says, so a phone photo taken upright reads upright
    /// whichever engine reads it (OpenCV did this for PP-OCR before the worker was handed Leptonica's pixels).
    /// The caller owns the PIX; the header is the file's, before turning.
    static func decodeUpright(imageAt path: String, limits: ImageLimits) throws -> (UnsafeMutablePointer<PIX>, ImageLimits.Header) {
        let (decoded, header) = try decode(imageAt: path, limits: limits)
        guard header.format == .jpeg, let start = FileHandle(forReadingAtPath: path) else { return (decoded, header) }
        defer { try? start.close() }
        let orientation = ExifOrientation(jpeg: Array((try? start.read(upToCount: 131_072)) ?? Data()))
        guard let turned = turn(decoded, orientation) else { return (decoded, header) }
        var pointer: UnsafeMutablePointer<PIX>? = decoded
        pixDestroy(&pointer)
        return (turned, header)
    }

    /// A new PIX turned upright, or nil when `orientation` is already upright (or Leptonica could not turn it).
    /// pixRotateOrth turns clockwise by quarter turns; a transpose is a quarter turn and a left-right flip.
    private static func turn(_ pix: UnsafeMutablePointer<PIX>, _ orientation: ExifOrientation) -> UnsafeMutablePointer<PIX>? {
        switch orientation {
        case .upright: return nil
        case .mirrored: return pixFlipLR(nil, pix)
        case .upsideDown: return pixRotateOrth(pix, 2)
        case .flipped: return pixFlipTB(nil, pix)
        case .rotatedClockwise: return pixRotateOrth(pix, 1)
        case .rotatedCounterclockwise: return pixRotateOrth(pix, 3)
        case .transposed, .transverse:
            guard let quarter = pixRotateOrth(pix, 1) else { return nil }
            // In place: Leptonica flips pixd == pixs without a copy.
            return orientation == .transposed ? pixFlipLR(quarter, quarter) : pixFlipTB(quarter, quarter)
        }
    }
}
