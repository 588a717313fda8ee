/// The one default-engine policy: which engine reads a receipt when nobody names one (CLI, server, web app), and
/// whose trained model reads observations that name no engine.
///
/// PP-OCRv4 (`ppocr`) stays the default. Grouped 5-fold CV by merchant over the 286 shared receipts (cached
/// observations, ranker retrained per fold, today's features), v4 against PP-OCRv6 small (`ppocr-v6`): total 258 vs
/// 260, date 269 vs 278, merchant as printed 178 vs 180, merchant fuzzy 253 vs 212, high-confidence 98.6 % at
/// 66.4 % coverage vs 98.8 % at 59.3 %. v6 reads dates and spaces better, but the merchant rules, written around
/// v4's glued text, pick the wrong rows from v6's far more often, so it does not win yet; and the committed model
/// has no ranker trained on v6's text (`make train-receipts` now reads `ppocr-v6` and `ppocr-v6-tiny`). One v6
/// small worker, arena off and capped at 2000 px, peaked at 0.95 GB.
public enum DefaultOCREngine {
    /// The engine name (`OCREngineDescriptor.name`) tried first.
    public static let name = "ppocr"
    /// Tried in order when the one before cannot start (its wheel not installed); Tesseract is built in.
    public static let fallbacks = ["tesseract"]
}
