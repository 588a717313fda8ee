import KakeiboReceipts

extension TesseractEngine {
    /// Settings for the engines a batch makes, one per worker.
    public struct Settings: Sendable {
        public var language = "eng"
        /// Chosen by measurement on the dev set (`kakeibo receipts eval --psm`): at 900 px, total 46/46/44, date 51/49/51
        /// and merchant fuzzy 54/53/53 of 60 for PSM 3/4/6 — no better than automatic segmentation, so PSM 3.
        public var mode: SegmentationMode = .auto
        /// `receipts eval --binarization 2` (Sauvola) read total 43/60 against Otsu's 54 on the dev set: Otsu.
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
