import KakeiboReceipts

extension TesseractEngine {
    /// Settings for the engines a batch makes, one per worker.
    public struct Settings: Sendable {
        public var language = "eng"
        public var mode: SegmentationMode = .auto
        public var binarization: Binarization = .otsu
        public var minimumWidth = 1400

        public init() {}
    }

    /// What `ReceiptBatch` calls on each worker.
    public static func factory(_ settings: Settings = Settings()) -> @Sendable () throws -> any OCREngine {
        {
            let engine = try TesseractEngine(language: settings.language, mode: settings.mode, binarization: settings.binarization)
            engine.minimumWidth = settings.minimumWidth
            return engine
        }
    }
}
