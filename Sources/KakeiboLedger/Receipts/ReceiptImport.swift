import KakeiboDomain

/// What importing one receipt did (or, in a dry run, would do).
public struct ReceiptImport: Hashable, Sendable {
    public var transactionID: String?
    public var receiptID: String?
    public var needsReview: Bool
    /// The same image was imported before: nothing was appended and the ids are the earlier ones.
    public var alreadyRecorded: Bool
    public var positions: [Int64]
    /// The events appended (or found, when already recorded), in order.
    public var events: [LedgerEvent]
}
