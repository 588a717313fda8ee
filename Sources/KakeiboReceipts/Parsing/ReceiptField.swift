/// One value read from a receipt, how far to trust it, and the OCR rows it came from (for review).
public struct ReceiptField<Value: Hashable & Sendable & Codable>: Hashable, Sendable, Codable {
    public var value: Value
    /// 0…1, from OCR confidence and how many cross-checks agree.
    public var confidence: Double
    public var rows: [Int]
    /// The confidence at or above which this field is presented as reliable, when a trained model chose it: the
    /// lowest at which that field's out-of-fold precision reached `ReceiptModel.targetPrecision`. Computed, not typed.
    public var highConfidenceAt: Double?

    public init(value: Value, confidence: Double, rows: [Int], highConfidenceAt: Double? = nil) {
        self.value = value
        self.confidence = min(max(confidence, 0), 1)
        self.rows = rows
        self.highConfidenceAt = highConfidenceAt
    }

    /// The hand rules' threshold, for fields no model chose (line items, and `--rules`): below it, review.
    public static var reviewThreshold: Double { 0.75 }
    /// Presented as reliable; otherwise the expense needs review.
    public var isHighConfidence: Bool { confidence >= (highConfidenceAt ?? Self.reviewThreshold) }
}
