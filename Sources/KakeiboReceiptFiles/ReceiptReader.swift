import Foundation
import KakeiboReceiptImage
import KakeiboReceipts
import KakeiboTesseract

/// One file on its way to the ledger: what was read from it, or why it is skipped.
public struct ScannedFile: Sendable {
    public var path: String
    public var scan: Result<ReceiptScan, any Error>
}

/// Reads receipt files into scans: each image is checked before OCR touches it, the good ones are read on every
/// core, and each engine's text is parsed with the model trained on it. What a scan becomes in the ledger is
/// `ReceiptScan.command(account:defaultCurrency:)`, in the portable `KakeiboReceipts`.
public struct ReceiptReader: Sendable {
    public var parser: ReceiptParser

    public init(parser: ReceiptParser) {
        self.parser = parser
    }

    /// Checks each image, reads the good ones with the engine `makeEngine` makes, on `workers` cores (one
    /// engine each), and parses them. The check is the reader's one, before any engine runs: the byte cap, the
    /// magic bytes and the digest (`ReceiptFile.checkImage`), then the header against `ImageLimits` (format, pixels,
    /// sides), so a bad batch starts no worker. The engines decode through the same `ImageLimits` (`UprightImage`). Results keep the order of `paths`; a bad file is an error in its slot and
    /// never stops the others. `progress` is called from worker threads.
    public func read(images paths: [String], workers: Int = ProcessInfo.processInfo.activeProcessorCount,
                     makeEngine: @escaping @Sendable () throws -> any OCREngine = TesseractEngine.factory(),
                     progress: (@Sendable (Int, Int) -> Void)? = nil) -> [ScannedFile] {
        var results: [ScannedFile?] = Array(repeating: nil, count: paths.count)
        var digests: [Int: String] = [:]
        for (index, path) in paths.enumerated() {
            do {
                let digest = try ReceiptFile.checkImage(at: path)
                _ = try ImageLimits().check(imageAt: path)
                digests[index] = digest
            } catch {
                results[index] = ScannedFile(path: path, scan: .failure(error))
            }
        }
        let pending = digests.keys.sorted()
        let items = ReceiptBatch(workers: workers, makeEngine: makeEngine).recognize(pending.map { paths[$0] }, progress: progress)
        for (index, item) in zip(pending, items) {
            results[index] = ScannedFile(path: item.path, scan: Result {
                let page = try item.result.get()
                return ReceiptScan(observations: page.observations, imageSHA256: digests[index]!,
                                   engine: item.engine ?? OCREngineDescriptor(name: "tesseract", version: "unknown", language: "unknown"),
                                   preprocessing: page.preprocessing, parser: parser)
            })
        }
        return results.map { $0! }
    }

    /// Text observations another engine wrote: `[{"text","x","y","width","height","confidence"}]`,
    /// normalised 0–1 from the top left. The digest of the file's bytes is the idempotency key.
    public func read(observationsAt path: String) -> ScannedFile {
        ScannedFile(path: path, scan: Result {
            let (observations, digest) = try ReceiptFile.observations(at: path)
            return ReceiptScan(observations: observations, imageSHA256: digest,
                               engine: OCREngineDescriptor(name: "external", version: "unknown", language: "unknown"), parser: parser)
        })
    }
}
