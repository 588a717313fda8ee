/// Why one receipt file was skipped. Each message names the file and what to do; the rest of a batch goes on.
public enum ReceiptFileError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadable(path: String)
    case empty(path: String)
    case tooLarge(path: String, bytes: Int, limit: Int)
    case notAnImage(path: String)
    case unsupportedFormat(path: String)
    case notObservations(path: String)

    public var description: String {
        switch self {
        case .unreadable(let path): "\(path): cannot be read; check the path and its permissions"
        case .empty(let path): "\(path): the file is empty (0 bytes); rescan or re-export it"
        case .tooLarge(let path, let bytes, let limit):
            "\(path): \(bytes / 1_048_576) MiB is more than the \(limit / 1_048_576) MiB a receipt image may take; scale it down"
        case .notAnImage(let path): "\(path): not a JPEG, PNG or TIFF image (its first bytes say otherwise); skipped"
        case .unsupportedFormat(let path): "\(path): only .jpg, .jpeg, .png, .tif and .tiff files are read"
        case .notObservations(let path):
            "\(path): not a JSON array of {\"text\",\"x\",\"y\",\"width\",\"height\",\"confidence\"} observations"
        }
    }
}
