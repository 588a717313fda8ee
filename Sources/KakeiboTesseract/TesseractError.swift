/// Why Tesseract could not read an image; each message says what to do. A file refused before decoding, or
/// damaged, is the receipt reader's `ReceiptImageError` (the decoder left this module in issue 35).
public enum TesseractError: Error, Equatable, CustomStringConvertible {
    case modelMissing(datapath: String, language: String)
    case unreadableImage(path: String)
    case recognitionFailed(path: String)

    public var description: String {
        switch self {
        case let .modelMissing(datapath, language):
            "Tesseract could not load the \"\(language)\" model from \(datapath): install tesseract-ocr-\(language) or set TESSDATA_PREFIX to the tessdata folder"
        case let .unreadableImage(path):
            "\(path) is not a readable image: give a JPEG, PNG or TIFF receipt image"
        case let .recognitionFailed(path):
            "Tesseract failed to recognise \(path): try a sharper scan"
        }
    }
}
