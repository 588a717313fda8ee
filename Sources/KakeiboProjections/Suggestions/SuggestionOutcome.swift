import KakeiboDomain

/// One suggestion applied (or declined) at capture or import, and what became of it.
///
/// The review window runs on recording time, not business dates: a statement imported today
/// with March dates gets its 30 days of review from today, and a correction made in that time
/// is a rejection. After the window, a suggestion nobody corrected counts as accepted.
public struct SuggestionOutcome: Hashable, Sendable {
    public static let reviewWindowMilliseconds: Int64 = 30 * 86_400_000

    public var transactionID: String
    /// The category applied; nil when the suggester abstained and the expense stayed uncategorised.
    public var accountID: String?
    public var confidenceBasisPoints: Int64
    /// When the suggestion was made (Unix ms, the event's recording time).
    public var recordedAt: Int64
    public var position: Int64
    /// When an edit within the window changed the category away from the suggestion.
    public var rejectedAt: Int64?
    /// The category that edit chose, when one posting clearly replaced it.
    public var correctedTo: String?
    public var isVoided: Bool

    public init(transactionID: String, accountID: String?, confidenceBasisPoints: Int64, recordedAt: Int64, position: Int64,
                rejectedAt: Int64? = nil, correctedTo: String? = nil, isVoided: Bool = false) {
        self.transactionID = transactionID; self.accountID = accountID; self.confidenceBasisPoints = confidenceBasisPoints
        self.recordedAt = recordedAt; self.position = position; self.rejectedAt = rejectedAt; self.correctedTo = correctedTo
        self.isVoided = isVoided
    }

    /// What an edit recorded at `editedAt`, leaving the transaction as `after`, means for this
    /// suggestion: a rejection when it is still open, within the window, and the category changed.
    mutating func apply(editedAt: Int64, before: LedgerTransaction, after: LedgerTransaction) {
        guard let suggested = accountID, rejectedAt == nil, !isVoided,
              editedAt - recordedAt <= Self.reviewWindowMilliseconds else { return }
        if after.kind.isSimple {
            guard let category = after.toAccountID, category != suggested else { return }
            rejectedAt = editedAt
            correctedTo = category
        } else {
            guard !after.postings.contains(where: { $0.accountID == suggested }) else { return }
            rejectedAt = editedAt
            let added = Set(after.postings.map(\.accountID)).subtracting(before.postings.map(\.accountID))
            correctedTo = added.count == 1 ? added.first : nil
        }
    }
}
