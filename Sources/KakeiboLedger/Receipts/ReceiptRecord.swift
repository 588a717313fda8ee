import KakeiboDomain

/// A stored receipt scan and the expense it produced, as `kakeibo receipt show` prints it.
public struct ReceiptRecord: Hashable, Sendable {
    public var scan: LedgerEvent.ReceiptScanned
    public var position: Int64
    /// Where the scan came from (the file name), as recorded in the envelope.
    public var provenance: String?
    public var transactionID: String?
    /// Flagged at import (a key field missing or below its threshold), as captured.
    public var flagged: Bool
    /// The expense as it stands now, after any edits.
    public var transaction: LedgerTransaction?

    /// Still to review, by the same rule `kakeibo receipts list` uses (`ReceiptReview`).
    public var needsReview: Bool { ReceiptReview.needsReview(flagged: flagged, transaction: transaction) }
}

/// The one rule for whether an imported receipt still waits for a person, so `receipt show` and `receipts list` agree.
public enum ReceiptReview {
    /// Flagged at import, and its expense neither edited, accepted (`kakeibo receipt accept`, an edit whose only change
    /// is `reviewed`) nor voided since: an edit of the amount, date, payee or category is how a person confirms or
    /// corrects what was read, so it clears the flag; the history keeps both.
    public static func needsReview(flagged: Bool, transaction: LedgerTransaction?) -> Bool {
        guard flagged, let transaction else { return false }
        return !transaction.isVoided && transaction.version == 1
    }
}
