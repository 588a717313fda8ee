import Foundation
import KakeiboReceipts

/// Reads many images on several cores, one Tesseract handle per worker (a handle is not thread-safe).
public struct ReceiptBatch: Sendable {
    public var workers: Int
    public var mode: TesseractEngine.SegmentationMode
    public var language: String
    /// Passed to each engine: narrower images are scaled up to this width.
    public var minimumWidth: Int = 1400
    public var binarization: TesseractEngine.Binarization = .otsu
    public var rereadsDate = true

    public init(workers: Int = ProcessInfo.processInfo.activeProcessorCount, mode: TesseractEngine.SegmentationMode = .auto, language: String = "eng") {
        self.workers = max(1, workers)
        self.mode = mode
        self.language = language
    }

    /// One image's outcome: the page, or the error that made it skip, and the seconds it took.
    public struct Item: Sendable {
        public var path: String
        public var result: Result<OCRPage, any Error>
        public var seconds: Double
        public var engine: OCREngineDescriptor?
    }

    /// Recognises every path; results come back in input order. `progress` is called after each image (from a worker thread).
    public func recognize(_ paths: [String], progress: (@Sendable (Int, Int) -> Void)? = nil) -> [Item] {
        let store = ResultStore(count: paths.count)
        let workerCount = min(workers, max(paths.count, 1))
        DispatchQueue.concurrentPerform(iterations: workerCount) { _ in
            let engine: TesseractEngine
            do {
                engine = try TesseractEngine(language: language, mode: mode, binarization: binarization)
                engine.minimumWidth = minimumWidth
                engine.rereadsDate = rereadsDate
            } catch {
                while let index = store.claim() {
                    store.set(index, Item(path: paths[index], result: .failure(error), seconds: 0, engine: nil))
                }
                return
            }
            while let index = store.claim() {
                let start = DispatchTime.now().uptimeNanoseconds
                let result = Result { try engine.recognize(imageAt: paths[index]) }
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                let done = store.set(index, Item(path: paths[index], result: result, seconds: seconds, engine: engine.descriptor))
                progress?(done, paths.count)
            }
        }
        return store.items.map { $0! }
    }
}

/// Hands out indices and collects results across workers, under a lock.
private final class ResultStore: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var done = 0
    private(set) var items: [ReceiptBatch.Item?]

    init(count: Int) {
        items = Array(repeating: nil, count: count)
    }

    func claim() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < items.count else { return nil }
        next += 1
        return next - 1
    }

    @discardableResult
    func set(_ index: Int, _ item: ReceiptBatch.Item) -> Int {
        lock.lock()
        defer { lock.unlock() }
        items[index] = item
        done += 1
        return done
    }
}
