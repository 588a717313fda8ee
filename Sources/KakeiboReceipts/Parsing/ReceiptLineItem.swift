/// One purchased line: what it was, how many, and what it cost, in minor units of the receipt's currency.
public struct ReceiptLineItem: Hashable, Sendable, Codable {
    /// Sanitised row text before the figures, item codes dropped.
    public var description: String
    /// The printed count (`2 x 3.50`, `QTY 2 @ 3.50`, a quantity column), when there is one.
    public var quantity: Int64?
    /// The line's amount (negative for a saving printed as a line).
    public var amount: Int64
    /// 0…1: OCR confidence, quantity × unit price and whether the items add up to the subtotal.
    public var confidence: Double
    /// The rows it was read from (two when the description sits above its figures).
    public var rows: [Int]

    public init(description: String, quantity: Int64?, amount: Int64, confidence: Double, rows: [Int]) {
        self.description = description
        self.quantity = quantity
        self.amount = amount
        self.confidence = min(max(confidence, 0), 1)
        self.rows = rows
    }
}
