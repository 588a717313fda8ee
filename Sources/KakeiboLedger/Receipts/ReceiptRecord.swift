import KakeiboDomain

/// A stored receipt scan and the expense it produced, as `kakeibo receipt show` prints it.
public struct ReceiptRecord: Hashable, Sendable {
    public var scan: LedgerEvent.ReceiptScanned
    public var position: Int64
    /// Where the scan came from (the file name), as recorded in the envelope.
    public var provenance: String?
    public var transactionID: String?
    /// As captured; a later `kakeibo edit` does not clear it, the edit history shows the review.
    public var needsReview: Bool
    /// The expense as it stands now, after any edits.
    public var transaction: LedgerTransaction?
}
