/// Why Tesseract could not read an image; each message says what to do.
public enum TesseractError: Error, Equatable, CustomStringConvertible {
    case modelMissing(datapath: String, language: String)
    case unreadableFile(path: String, reason: String)
    case unreadableImage(path: String)
    /// The header declares more than `ImageLimits` allows: refused before decoding.
    case imageTooLarge(path: String, reason: String)
    /// The decoder hit bad or missing data (a truncated download, a damaged card).
    case damagedImage(path: String)
    case recognitionFailed(path: String)

    public var description: String {
        switch self {
        case let .modelMissing(datapath, language):
            "Tesseract could not load the \"\(language)\" model from \(datapath): install tesseract-ocr-\(language) or set TESSDATA_PREFIX to the tessdata folder"
        case let .unreadableFile(path, reason):
            "cannot read \(path): \(reason); give a JPEG, PNG or TIFF receipt image"
        case let .unreadableImage(path):
            "\(path) is not a readable image: give a JPEG, PNG or TIFF receipt image"
        case let .imageTooLarge(path, reason):
            "\(path) is too large to read as a receipt (\(reason)): scale it down first"
        case let .damagedImage(path):
            "\(path) is damaged or truncated (its image data ends early or is corrupt): copy or export the photo again"
        case let .recognitionFailed(path):
            "Tesseract failed to recognise \(path): try a sharper scan"
        }
    }
}
