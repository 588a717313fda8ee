/// How one field is chosen and how far the choice is trusted: a ranker and its calibration.
public struct FieldModel: Hashable, Sendable, Codable {
    public var features: [String]
    public var ranker: LinearRanker
    public var calibration: IsotonicCalibration
    /// The lowest calibrated confidence at which this field's out-of-fold choices were right at least
    /// `ReceiptModel.targetPrecision` of the time; above 1 when none was.
    public var highConfidence: Double

    public init(features: [String], ranker: LinearRanker, calibration: IsotonicCalibration, highConfidence: Double) {
        self.features = features
        self.ranker = ranker
        self.calibration = calibration
        self.highConfidence = highConfidence
    }

    /// The chosen value, its calibrated probability of being right, and the rows it came from.
    /// Nil when there is no candidate, or when the candidates' feature names are not the ones the model was
    /// trained on, in its order (the hand rules' reading stands then, never marked sure).
    public func choose<Value>(_ candidates: [FieldCandidate<Value>]) -> ReceiptField<Value>? {
        guard candidates.allSatisfy({ $0.featureNames == features }), let choice = ranker.choose(candidates) else { return nil }
        return ReceiptField(value: choice.value, confidence: calibration.calibrate(choice.probability), rows: choice.rows,
                            highConfidenceAt: highConfidence)
    }
}
