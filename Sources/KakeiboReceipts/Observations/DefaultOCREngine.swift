/// The one default-engine policy: which engine reads a receipt when nobody names one (CLI, server, web app), and
/// whose trained model reads observations that name no engine.
///
/// Chosen by grouped 5-fold cross-validation by merchant over the 286 shared receipts, within 1.5 s a receipt in a
/// 2-core batch and 1.5 GB a worker (the table per engine is in the README): PP-OCRv6 small.
public enum DefaultOCREngine {
    /// The engine name (`OCREngineDescriptor.name`) tried first.
    public static let name = "ppocr-v6"
    /// Tried in order when the one before cannot start (its wheel not installed): an older venv with only
    /// `rapidocr-onnxruntime` still reads with PP-OCRv4, and Tesseract is built in.
    public static let fallbacks = ["ppocr", "tesseract"]
}
