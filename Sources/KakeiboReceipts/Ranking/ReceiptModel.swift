/// The learned part of the receipt parser: one `FieldModel` per field, each with the confidence above which
/// it is presented as reliable.
///
/// Trained by `kakeibo receipts train` (`make train-receipts`) and committed as `ReceiptModel+Trained.swift`, one
/// model per OCR engine: the features are the same whichever engine ran, but how far a choice can be trusted is
/// not (Tesseract's text of the same receipts held the right total far less often), so each engine's calibration
/// and thresholds are its own. The parser never asks which engine ran; whoever ran it picks the model.
public struct ReceiptModel: Hashable, Sendable, Codable {
    public var total: FieldModel
    public var date: FieldModel
    public var merchant: FieldModel
    /// The out-of-fold precision each field's high-confidence threshold was computed for.
    public var targetPrecision: Double
    public var provenance: String

    public init(total: FieldModel, date: FieldModel, merchant: FieldModel, targetPrecision: Double, provenance: String) {
        self.total = total
        self.date = date
        self.merchant = merchant
        self.targetPrecision = targetPrecision
        self.provenance = provenance
    }

    /// True when the weights were learned for today's feature lists.
    public var isCompatible: Bool {
        total.features == FeatureSet.total && date.features == FeatureSet.date && merchant.features == FeatureSet.merchant
            && total.ranker.weights.count == FeatureSet.total.count && date.ranker.weights.count == FeatureSet.date.count
            && merchant.ranker.weights.count == FeatureSet.merchant.count
    }
}

extension ReceiptModel {
    /// The model for text from `engine` (`ReceiptScanned`'s engine name); the default engine's model for engines
    /// it was not trained on (Apple Vision, `--observations`), whose line-level text is closest to PP-OCR's.
    public static func trained(for engine: String) -> ReceiptModel {
        let model = trainedByEngine[engine] ?? trainedByEngine[DefaultOCREngine.name] ?? trainedByEngine["ppocr"] ?? untrained
        return model.isCompatible ? model : untrained
    }

    /// The default: the model for the default engine.
    public static var trained: ReceiptModel { trained(for: DefaultOCREngine.name) }

    /// Before any training: the hand rules' pick, never high confidence.
    public static let untrained = ReceiptModel(
        total: FieldModel(features: FeatureSet.total, ranker: LinearRanker(weights: FeatureSet.total.map { $0 == "rule_pick" ? 10 : 0 }), calibration: .identity, highConfidence: 2),
        date: FieldModel(features: FeatureSet.date, ranker: LinearRanker(weights: FeatureSet.date.map { $0 == "rule_pick" ? 10 : 0 }), calibration: .identity, highConfidence: 2),
        merchant: FieldModel(features: FeatureSet.merchant, ranker: LinearRanker(weights: FeatureSet.merchant.map { $0 == "rule_pick" ? 10 : 0 }), calibration: .identity, highConfidence: 2),
        targetPrecision: 0.99, provenance: "untrained")

    /// The rules' reading with total, date and merchant chosen by the model. A field the model has no
    /// candidate for keeps the rules' value, never marked sure (no calibration stands behind it); every chosen
    /// field's confidence is the model's calibrated one.
    public func choose(_ candidates: ReceiptCandidates, over rules: ParsedReceipt) -> ParsedReceipt {
        func unsure<V>(_ field: ReceiptField<V>?) -> ReceiptField<V>? {
            field.map { var kept = $0; kept.highConfidenceAt = 1.0001; return kept }
        }
        var receipt = rules
        receipt.total = total.choose(candidates.total) ?? unsure(rules.total)
        receipt.date = date.choose(candidates.date) ?? unsure(rules.date)
        receipt.merchant = merchant.choose(candidates.merchant) ?? unsure(rules.merchant)
        return receipt
    }
}
