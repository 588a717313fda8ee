import Dispatch

/// Reads many images on several cores with any OCR engine: one engine per worker, made by `makeEngine`
/// (engines hold handles or worker processes that are not thread-safe).
public struct ReceiptBatch: Sendable {
    public var workers: Int
    public var makeEngine: @Sendable () throws -> any OCREngine
    /// Let the parser take closer looks at the date where the engine can crop (`OCREngine.readReceipt`).
    public var closerLooks: Bool

    public init(workers: Int, closerLooks: Bool = true, makeEngine: @escaping @Sendable () throws -> any OCREngine) {
        self.workers = max(1, workers)
        self.closerLooks = closerLooks
        self.makeEngine = makeEngine
    }

    /// One image's outcome: the page, or the error that made it skip, and the seconds it took.
    public struct Item: Sendable {
        public var path: String
        public var result: Result<OCRPage, any Error>
        public var seconds: Double
        public var engine: OCREngineDescriptor?
    }

    /// Recognises every path; results come back in input order. A file that fails is an error in its slot and
    /// never stops the others. `progress` is called after each image (from a worker thread).
    public func recognize(_ paths: [String], progress: (@Sendable (Int, Int) -> Void)? = nil) -> [Item] {
        let store = ResultStore(count: paths.count)
        let workerCount = min(workers, max(paths.count, 1))
        DispatchQueue.concurrentPerform(iterations: workerCount) { _ in
            let engine: any OCREngine
            do {
                engine = try makeEngine()
            } catch {
                while let index = store.claim() {
                    store.set(index, Item(path: paths[index], result: .failure(error), seconds: 0, engine: nil))
                }
                return
            }
            while let index = store.claim() {
                let start = DispatchTime.now().uptimeNanoseconds
                let result = Result { try engine.readReceipt(imageAt: paths[index], closerLooks: closerLooks) }
                let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
                let done = store.set(index, Item(path: paths[index], result: result, seconds: seconds, engine: engine.descriptor))
                progress?(done, paths.count)
            }
        }
        return store.items.map { $0! }
    }
}

/// Hands out indices and collects results across workers, on a serial queue (Dispatch runs everywhere the parser does).
private final class ResultStore: @unchecked Sendable {
    private let queue = DispatchQueue(label: "kakeibo.receipt-batch")
    private var next = 0
    private var done = 0
    private var slots: [ReceiptBatch.Item?]

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    var items: [ReceiptBatch.Item?] { queue.sync { slots } }

    func claim() -> Int? {
        queue.sync {
            guard next < slots.count else { return nil }
            next += 1
            return next - 1
        }
    }

    @discardableResult
    func set(_ index: Int, _ item: ReceiptBatch.Item) -> Int {
        queue.sync {
            slots[index] = item
            done += 1
            return done
        }
    }
}
