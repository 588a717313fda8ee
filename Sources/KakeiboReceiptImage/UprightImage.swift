import CTesseract
import Foundation

/// A receipt image decoded by Leptonica, checked, and turned upright by its EXIF Orientation: the receipt reader's
/// one decoder (issue 35). Tesseract reads its `pix`; PP-OCR is handed its `pixels()` (blue, green, red rows), so
/// both engines see the same upright image after the same checks, and neither engine's module decodes a file.
///
/// Leptonica, not OpenCV, because it refuses a truncated JPEG that OpenCV decodes without a word. Not `Sendable`:
/// it owns a Leptonica PIX, freed with it.
public final class UprightImage {
    /// The upright image (32-bit colour, 8-bit grey, palette or 1-bit, as the file was).
    public let pix: UnsafeMutablePointer<PIX>
    /// The file's header, before turning.
    public let header: ImageLimits.Header
    /// The file it was decoded from, to name it in errors.
    public let path: String

    /// `decode`, then turned as the JPEG's EXIF Orientation says, so a phone photo taken upright reads upright
    /// whichever engine reads it (OpenCV did this for PP-OCR before the worker was handed Leptonica's pixels).
    public init(imageAt path: String, limits: ImageLimits = ImageLimits()) throws {
        let (decoded, header) = try Self.decode(imageAt: path, limits: limits)
        self.header = header
        self.path = path
        guard header.format == .jpeg, let start = FileHandle(forReadingAtPath: path) else {
            pix = decoded
            return
        }
        defer { try? start.close() }
        let orientation = ExifOrientation(jpeg: Array((try? start.read(upToCount: 131_072)) ?? Data()))
        guard let turned = Self.turn(decoded, orientation) else {
            pix = decoded
            return
        }
        var pointer: UnsafeMutablePointer<PIX>? = decoded
        pixDestroy(&pointer)
        pix = turned
    }

    deinit {
        var pointer: UnsafeMutablePointer<PIX>? = pix
        pixDestroy(&pointer)
    }

    /// Checks that a file is a whole JPEG, PNG or TIFF within `limits`, by decoding it once: what the receipt reader
    /// calls before an engine starts for one receipt (`receipts read`), so a damaged or hostile file gets the same
    /// one-line error whichever engine was asked for, and no PP-OCR worker is loaded for it.
    @discardableResult
    public static func validate(imageAt path: String, limits: ImageLimits = ImageLimits()) throws -> ImageLimits.Header {
        let (decoded, header) = try decode(imageAt: path, limits: limits)
        var pointer: UnsafeMutablePointer<PIX>? = decoded
        pixDestroy(&pointer)
        return header
    }

    /// The header checked against `limits`, then the pixels, refusing data the decoder had to make up. The caller owns the PIX.
    static func decode(imageAt path: String, limits: ImageLimits) throws -> (UnsafeMutablePointer<PIX>, ImageLimits.Header) {
        // Leptonica reports bad files on stderr itself; the errors thrown here say it in one line.
        _ = setMsgSeverity(Int32(L_SEVERITY_NONE))
        let header = try limits.check(imageAt: path)
        let decoded: UnsafeMutablePointer<PIX>?
        if header.format == .jpeg {
            // libjpeg pads a truncated file with grey and only warns: a warning means damaged data.
            var warnings: Int32 = 0
            decoded = QuietStandardError.run { pixReadJpeg(path, 0, 1, &warnings, 0) }
            if warnings > 0, decoded != nil {
                var pointer = decoded
                pixDestroy(&pointer)
                throw ReceiptImageError.damagedImage(path: path)
            }
        } else {
            // libpng prints "libpng error: Read Error" for a truncated file before Leptonica gives up.
            decoded = QuietStandardError.run { pixRead(path) }
        }
        guard let original = decoded else { throw ReceiptImageError.damagedImage(path: path) }
        guard Int(pixGetWidth(original)) == header.width, Int(pixGetHeight(original)) == header.height else {
            var pointer: UnsafeMutablePointer<PIX>? = original
            pixDestroy(&pointer)
            throw ReceiptImageError.damagedImage(path: path)
        }
        return (original, header)
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
