/// Why a receipt image was refused before any engine read it: the file, its header or its data. The same words
/// whichever engine was asked for (they were Tesseract's errors while Tesseract's module held the decoder).
public enum ReceiptImageError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadableFile(path: String, reason: String)
    case unreadableImage(path: String)
    /// The header declares more than `ImageLimits` allows: refused before decoding.
    case imageTooLarge(path: String, reason: String)
    /// The decoder hit bad or missing data (a truncated download, a damaged card).
    case damagedImage(path: String)

    public var description: String {
        switch self {
        case let .unreadableFile(path, reason):
            "cannot read \(path): \(reason); give a JPEG, PNG or TIFF receipt image"
        case let .unreadableImage(path):
            "\(path) is not a readable image: give a JPEG, PNG or TIFF receipt image"
        case let .imageTooLarge(path, reason):
            "\(path) is too large to read as a receipt (\(reason)): scale it down first"
        case let .damagedImage(path):
            "\(path) is damaged or truncated (its image data ends early or is corrupt): copy or export the photo again"
        }
    }
}
