/// Why Tesseract could not read an image; each message says what to do.
public enum TesseractError: Error, Equatable, CustomStringConvertible {
    case modelMissing(datapath: String, language: String)
    case unreadableImage(path: String)
    case recognitionFailed(path: String)
    case imageTooLarge(path: String, width: Int, height: Int)

    public var description: String {
        switch self {
        case let .modelMissing(datapath, language):
            "Tesseract could not load the \"\(language)\" model from \(datapath): install tesseract-ocr-\(language) or set TESSDATA_PREFIX to the tessdata folder"
        case let .unreadableImage(path):
            "\(path) is not a readable image (JPEG, PNG or TIFF expected): skipped"
        case let .imageTooLarge(path, width, height):
            "\(path) is \(width) × \(height) pixels, more than a receipt needs: scale it below 60 megapixels"
        case let .recognitionFailed(path):
            "Tesseract failed to recognise \(path): try a sharper scan"
        }
    }
}
