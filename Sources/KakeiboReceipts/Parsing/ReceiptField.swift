/// One value read from a receipt, how far to trust it, and the OCR rows it came from (for review).
public struct ReceiptField<Value: Hashable & Sendable & Codable>: Hashable, Sendable, Codable {
    public var value: Value
    /// 0…1, from OCR confidence and how many cross-checks agree.
    public var confidence: Double
    public var rows: [Int]

    public init(value: Value, confidence: Double, rows: [Int]) {
        self.value = value
        self.confidence = min(max(confidence, 0), 1)
        self.rows = rows
    }

    /// Fields at or above this confidence are presented as reliable; below it the expense needs review.
    public static var reviewThreshold: Double { 0.75 }
    public var isHighConfidence: Bool { confidence >= Self.reviewThreshold }
}
