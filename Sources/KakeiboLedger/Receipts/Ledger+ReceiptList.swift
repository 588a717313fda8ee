import GRDB
import KakeiboDomain
import KakeiboEventStore
import KakeiboProjections

/// One imported receipt as `kakeibo receipts list` shows it.
public struct ReceiptSummary: Hashable, Sendable {
    public var receiptID: String
    public var transaction: LedgerTransaction?
    /// The file it was read from, as recorded.
    public var provenance: String?
    /// Flagged at import (a key field missing or below its threshold).
    public var flagged: Bool

    /// Still to review: flagged, and its expense neither edited, accepted nor voided since (`ReceiptReview`).
    public var needsReview: Bool { ReceiptReview.needsReview(flagged: flagged, transaction: transaction) }
}

extension Ledger {
    /// Every imported receipt, oldest first; with `needingReview`, only those still to review. A listing reads every
    /// scan, so it grows with the number of receipts (not with the rest of the log).
    public func receipts(needingReview: Bool = false) throws -> [ReceiptSummary] {
        try writer.read { db in
            let store = SQLiteProjectionStore(db: db)
            var summaries: [ReceiptSummary] = []
            let positions = try Int64.fetchAll(db, sql: "SELECT position FROM events WHERE type = 'ReceiptScanned' ORDER BY position")
            for position in positions {
                guard let envelope = try EventLog.event(at: position, in: db), case .receiptScanned(let scan) = try envelope.event() else { continue }
                var summary = ReceiptSummary(receiptID: scan.receiptID, transaction: nil, provenance: envelope.provenance, flagged: false)
                if let next = try EventLog.event(at: position + 1, in: db), next.commandID == envelope.commandID,
                   case .expenseCaptured(let expense) = try next.event(), expense.receiptID == scan.receiptID {
                    summary.flagged = expense.needsReview
                    summary.transaction = try store.transaction(id: expense.transactionID)
                }
                if !needingReview || summary.needsReview { summaries.append(summary) }
            }
            return summaries
        }
    }
}
