import Foundation
import KakeiboDomain
import KakeiboReceipts
import KakeiboTesseract

/// One file on its way to the ledger: the command read from it, or why it is skipped.
public struct ScannedFile: Sendable {
    public var path: String
    public var input: Result<LedgerCommand.ReceiptInput, any Error>
}

extension ReceiptImporter {
    /// Checks each image, reads the good ones with the engine `makeEngine` makes, on `workers` cores (one
    /// engine each), and builds their commands. Results keep the order of `paths`; a bad file is an error in
    /// its slot and never stops the others. `progress` is called from worker threads.
    public func read(images paths: [String], workers: Int = ProcessInfo.processInfo.activeProcessorCount,
                     makeEngine: @escaping @Sendable () throws -> any OCREngine = TesseractEngine.factory(),
                     progress: (@Sendable (Int, Int) -> Void)? = nil) -> [ScannedFile] {
        var results: [ScannedFile?] = Array(repeating: nil, count: paths.count)
        var digests: [Int: String] = [:]
        for (index, path) in paths.enumerated() {
            do { digests[index] = try ReceiptFile.checkImage(at: path) } catch { results[index] = ScannedFile(path: path, input: .failure(error)) }
        }
        let pending = digests.keys.sorted()
        let items = ReceiptBatch(workers: workers, makeEngine: makeEngine).recognize(pending.map { paths[$0] }, progress: progress)
        for (index, item) in zip(pending, items) {
            results[index] = ScannedFile(path: item.path, input: Result {
                let page = try item.result.get()
                return input(observations: page.observations, digest: digests[index]!,
                             engine: item.engine ?? OCREngineDescriptor(name: "tesseract", version: "unknown", language: "unknown"),
                             preprocessing: page.preprocessing)
            })
        }
        return results.map { $0! }
    }

    /// Text observations another engine wrote: `[{"text","x","y","width","height","confidence"}]`,
    /// normalised 0–1 from the top left. The digest of the file's bytes is the idempotency key.
    public func read(observationsAt path: String) -> ScannedFile {
        ScannedFile(path: path, input: Result {
            let (observations, digest) = try ReceiptFile.observations(at: path)
            return input(observations: observations, digest: digest,
                         engine: OCREngineDescriptor(name: "external", version: "unknown", language: "unknown"), preprocessing: [])
        })
    }
}
