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

/// Measured figures for applied suggestions as of an instant: a pure function of the outcomes,
/// so a replayed ledger reports the same.
public struct SuggestionOutcomeStats: Hashable, Sendable {
    /// Captures and imports that asked for a suggestion (voided ones left out).
    public var consulted: Int
    /// Of those, how many got a category from the suggester.
    public var applied: Int
    public var accepted: Int
    public var rejected: Int
    /// Applied, not corrected, and still inside the review window.
    public var pending: Int

    /// Applied over consulted, in basis points.
    public var coverageBasisPoints: Int64? { BasisPoints.ratio(Int64(applied), Int64(consulted)) }
    /// Accepted over decided (accepted + rejected), in basis points.
    public var hitRateBasisPoints: Int64? { BasisPoints.ratio(Int64(accepted), Int64(accepted + rejected)) }

    public init(outcomes: some Sequence<SuggestionOutcome>, now: Int64) {
        var consulted = 0, applied = 0, accepted = 0, rejected = 0, pending = 0
        for outcome in outcomes where !outcome.isVoided {
            consulted += 1
            guard outcome.accountID != nil else { continue }
            applied += 1
            if outcome.rejectedAt != nil {
                rejected += 1
            } else if now - outcome.recordedAt > SuggestionOutcome.reviewWindowMilliseconds {
                accepted += 1
            } else {
                pending += 1
            }
        }
        self.consulted = consulted; self.applied = applied; self.accepted = accepted; self.rejected = rejected; self.pending = pending
    }
}
