import KakeiboDomain

/// A suggested category with a confidence and the evidence behind it, or an abstention.
public struct CategorySuggestion: Hashable, Sendable {
    /// Nil when the suggester abstains.
    public var accountID: String?
    /// The best category's posterior probability in basis points (0–10000).
    public var confidenceBasisPoints: Int64
    /// The query's features the best category has seen most, strongest first.
    public var evidence: [String]
    /// The runner-up categories with their confidence, best first (at most three).
    public var alternatives: [(accountID: String, confidenceBasisPoints: Int64)]
    /// Why nothing is suggested, when nothing is.
    public var abstention: String?

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.accountID == rhs.accountID && lhs.confidenceBasisPoints == rhs.confidenceBasisPoints && lhs.evidence == rhs.evidence
            && lhs.abstention == rhs.abstention && lhs.alternatives.map(\.accountID) == rhs.alternatives.map(\.accountID)
            && lhs.alternatives.map(\.confidenceBasisPoints) == rhs.alternatives.map(\.confidenceBasisPoints)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(accountID); hasher.combine(confidenceBasisPoints); hasher.combine(evidence)
    }
}
