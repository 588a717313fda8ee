import CTesseract
import Foundation

/// How big an image the receipt reader agrees to decode. A receipt photo is a few megapixels; a file that
/// declares far more is a mistake or a decompression bomb, so it is refused from its header,
/// before a single pixel is decoded (memory and time stay bounded whatever the file claims).
public struct ImageLimits: Sendable, Hashable {
    /// The one byte cap on a receipt image (issue 35: the README quoted two): phone photos are a few MiB, and a
    /// 600-dpi A4 scan as PNG stays well under it. `ReceiptFile`'s check before OCR and the decoder both use it.
    public static let maximumBytes = 40 * 1_048_576

    /// Largest file read at all.
    public var maximumBytes: Int
    /// Largest width × height decoded: 50 MP holds a 48 MP phone photo.
    public var maximumPixels: Int
    /// Longest side: long till rolls stay in, a 1 × 50,000,000 strip does not.
    public var maximumSide: Int

    public init(maximumBytes: Int = ImageLimits.maximumBytes, maximumPixels: Int = 50_000_000, maximumSide: Int = 30_000) {
        self.maximumBytes = maximumBytes
        self.maximumPixels = maximumPixels
        self.maximumSide = maximumSide
    }

    /// What the header says, once it passed the limits.
    public struct Header: Sendable, Hashable {
        public var format: Format
        public var width: Int
        public var height: Int
    }

    public enum Format: Sendable, Hashable { case jpeg, png, tiff }

    /// Checks the file and its header against the limits without decoding the image.
    public func check(imageAt path: String) throws(ReceiptImageError) -> Header {
        var status = stat()
        guard stat(path, &status) == 0 else { throw .unreadableFile(path: path, reason: "no such file") }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .unreadableFile(path: path, reason: "not a regular file") }
        guard access(path, R_OK) == 0 else { throw .unreadableFile(path: path, reason: "permission denied") }
        guard status.st_size > 0 else { throw .unreadableFile(path: path, reason: "the file is empty (0 bytes)") }
        guard status.st_size <= maximumBytes else {
            throw .imageTooLarge(path: path, reason: "\(status.st_size) bytes; at most \(maximumBytes) are read")
        }
        var format: Int32 = 0, width: Int32 = 0, height: Int32 = 0
        guard pixReadHeader(path, &format, &width, &height, nil, nil, nil) == 0, width > 0, height > 0 else {
            throw .unreadableImage(path: path)
        }
        let kind: Format
        switch format {
        case Int32(IFF_JFIF_JPEG): kind = .jpeg
        case Int32(IFF_PNG): kind = .png
        case Int32(IFF_TIFF)...Int32(IFF_TIFF_ZIP), Int32(IFF_TIFF_JPEG): kind = .tiff
        default: throw .unreadableImage(path: path)
        }
        let w = Int(width), h = Int(height)
        guard w <= maximumSide, h <= maximumSide, w * h <= maximumPixels else {
            throw .imageTooLarge(path: path, reason: "\(w) × \(h) pixels; at most \(maximumPixels / 1_000_000) megapixels "
                                 + "and \(maximumSide) pixels a side are decoded")
        }
        return Header(format: kind, width: w, height: h)
    }
}
