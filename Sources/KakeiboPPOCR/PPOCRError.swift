/// Why the PP-OCR engine could not read an image. Descriptions say what went wrong; what to run or which
/// engine to pick instead is the front end's to say (the CLI's `ErrorMessage`).
public enum PPOCRError: Error, Equatable, CustomStringConvertible {
    /// No Python with `rapidocr-onnxruntime` was found, or the worker could not start.
    case unavailable(reason: String)
    /// The worker exited while reading this image (it is restarted for the next one); `log` is the last line it
    /// wrote to stderr, when it wrote one (a Python exception, an out-of-memory note).
    case workerDied(path: String, status: Int32, log: String?)
    /// The worker gave no answer within the time limit and was stopped.
    case timedOut(path: String, seconds: Int)
    /// The worker answered with an error for this image.
    case unreadableImage(path: String, reason: String)
    /// The worker's answer was not the JSON the protocol promises.
    case badAnswer(path: String)

    public var description: String {
        switch self {
        case let .unavailable(reason):
            "PP-OCR is not available (\(reason))"
        case let .workerDied(path, status, log):
            "the PP-OCR worker stopped (exit status \(status)) while reading \(path)" + (log.map { " (its last words: \($0))" } ?? "")
        case let .timedOut(path, seconds):
            "PP-OCR gave no answer for \(path) within \(seconds) s and was stopped"
        case let .unreadableImage(path, reason):
            "\(path) is not a readable image (\(reason)): give a JPEG, PNG or TIFF receipt image"
        case let .badAnswer(path):
            "the PP-OCR worker gave an unreadable answer for \(path)"
        }
    }
}
