import KakeiboDomain

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
