import KakeiboDomain

/// How the suggester would have done on a ledger's own history: every expense, in the order it
/// was recorded, is suggested from what was learned before it and compared with the category it
/// has now (after any correction). Nothing is stored; the same log gives the same figures.
public struct SuggestionEvaluation: Hashable, Sendable {
    public struct Example: Hashable, Sendable {
        public var accountID: String
        public var payee: String?
        public var amount: Money
        public init(accountID: String, payee: String?, amount: Money) {
            self.accountID = accountID; self.payee = payee; self.amount = amount
        }
    }

    public var expenses: Int
    /// Expenses for which the suggester answered (did not abstain).
    public var answered: Int
    public var correct: Int

    /// Answered over all expenses, in basis points.
    public var coverageBasisPoints: Int64? { BasisPoints.ratio(Int64(answered), Int64(expenses)) }
    /// Correct over answered, in basis points.
    public var hitRateBasisPoints: Int64? { BasisPoints.ratio(Int64(correct), Int64(answered)) }

    public init(examples: [Example], threshold: Int64) {
        var documents: [String: Int64] = [:], totals: [String: Int64] = [:], features: [String: [String: Int64]] = [:]
        var vocabulary: Set<String> = []
        var answered = 0, correct = 0
        for example in examples {
            let query = SuggestionFeatures.of(payee: example.payee, amount: example.amount)
            var seen: [String: [String: Int64]] = [:]
            for (account, counts) in features {
                for feature in query { if let count = counts[feature] { seen[account, default: [:]][feature] = count } }
            }
            let counts = CategorySuggester.Counts(documents: documents, totals: totals, vocabularySize: vocabulary.count, features: seen)
            if let suggested = CategorySuggester(counts: counts, threshold: threshold).suggest(payee: example.payee, amount: example.amount).accountID {
                answered += 1
                if suggested == example.accountID { correct += 1 }
            }
            documents[example.accountID, default: 0] += 1
            for feature in query {
                features[example.accountID, default: [:]][feature, default: 0] += 1
                totals[example.accountID, default: 0] += 1
                vocabulary.insert(feature)
            }
        }
        self.expenses = examples.count
        self.answered = answered
        self.correct = correct
    }
}
