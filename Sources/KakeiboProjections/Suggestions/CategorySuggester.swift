import Foundation
import KakeiboDomain

/// A multinomial naive Bayes over payee tokens and an amount bucket, with Lidstone smoothing
/// (α = 0.1, so one earlier sighting of a merchant already counts; add-one would drown it).
///
/// The counts come from the suggestion projection, which learns every expense's category and
/// moves the evidence when an edit corrects the category, so the user's corrections teach it.
/// Scores are log-probabilities (the only floating point in Kakeibo: never money, and turned
/// into integer basis points before anything leaves this type). Ties break by account id, so
/// the same counts always give the same suggestion.
public struct CategorySuggester {
    public struct Counts: Sendable {
        /// Expenses learned per category account.
        public var documents: [String: Int64]
        /// All feature occurrences per category account (for smoothing).
        public var totals: [String: Int64]
        /// How many distinct features have been seen in any category.
        public var vocabularySize: Int
        /// Occurrences of the query's features per category account (others may be left out).
        public var features: [String: [String: Int64]]
        public init(documents: [String: Int64], totals: [String: Int64], vocabularySize: Int, features: [String: [String: Int64]]) {
            self.documents = documents; self.totals = totals; self.vocabularySize = vocabularySize; self.features = features
        }

        /// Counts from labelled examples, for tests and evaluations.
        public init(examples: [(accountID: String, features: [String])]) {
            var documents: [String: Int64] = [:], features: [String: [String: Int64]] = [:]
            for example in examples {
                documents[example.accountID, default: 0] += 1
                for feature in example.features { features[example.accountID, default: [:]][feature, default: 0] += 1 }
            }
            self.init(documents: documents, totals: features.mapValues { $0.values.reduce(0, +) },
                      vocabularySize: Set(features.values.flatMap(\.keys)).count, features: features)
        }
    }

    public var counts: Counts
    /// Below this confidence (basis points) the suggester abstains.
    public var threshold: Int64
    /// The ledger's categories the built-in lexicon may name when nothing learned applies.
    public var lexicon: [CategoryLexicon.Category]

    public init(counts: Counts, threshold: Int64 = 6_000, lexicon: [CategoryLexicon.Category] = []) {
        self.counts = counts
        self.threshold = threshold
        self.lexicon = lexicon
    }

    /// `itemWords` are a receipt's `SuggestionFeatures.itemTokens`: with a payee never seen before,
    /// the items bought can still name the category.
    public func suggest(payee: String?, amount: Money?, itemWords: [String] = []) -> CategorySuggestion {
        let classes = counts.documents.filter { $0.value > 0 }.keys.sorted()
        // Words no category has seen say nothing about any of them; left in, smoothing would
        // tilt every unseen word towards the categories with the fewest words.
        let query = (SuggestionFeatures.of(payee: payee, amount: amount) + itemWords).filter { feature in
            classes.contains { (counts.features[$0]?[feature] ?? 0) > 0 }
        }
        let known = query.filter { $0.hasPrefix("payee:") || $0.hasPrefix("i:") }
        // Learned evidence overrides the lexicon: it speaks only when no payee or item word has any.
        if known.isEmpty, let hit = lexiconSuggestion(payee) { return hit }
        guard !classes.isEmpty else { return abstain("nothing learned yet: categorise a few expenses first") }
        guard !known.isEmpty else {
            return abstain(itemWords.isEmpty ? "no payee word has been seen before" : "no payee or item word has been seen before")
        }

        // Naive Bayes over counts: every Double below is a count or a log-probability, never money (the amount
        // reaches here only as the label of its bucket).
        let v = Double(max(counts.vocabularySize, 1)), alpha = 0.1
        let scores = classes.map { id -> (String, Double) in
            let features = counts.features[id] ?? [:]
            let documents = counts.documents[id] ?? 0
            // Every learned expense has one amount bucket; the rest of the features are words.
            let wordCount = Double(max((counts.totals[id] ?? 0) - documents, 0))
            // A uniform prior: a merchant's words, not how busy a category is, should decide.
            // (With the empirical prior, one pharmacy visit loses to fifty grocery runs.)
            var score = 0.0
            for feature in query {
                let count = features[feature] ?? 0
                if feature.hasPrefix("amount:") {
                    // The amount is one of a few buckets every category shares: weak evidence, smoothed
                    // as such (add-one over the buckets). Lidstone's 0.1 made an unseen bucket cost as
                    // much as an unseen word, so one fuel stop at 45.10 outweighed fifteen Green Grocer runs.
                    // Both sides are counts: this bucket's expenses plus one, over the category's plus the buckets.
                    score += Self.logRatio(count + 1, documents + Int64(SuggestionFeatures.amountBucketCount))
                } else {
                    score += log((Double(count) + alpha) / (wordCount + alpha * v))
                }
            }
            return (id, score)
        }
        let best = scores.map(\.1).max()!
        let weights = scores.map { ($0.0, exp($0.1 - best)) }
        let sum = weights.reduce(0) { $0 + $1.1 }
        let unsorted: [(String, Int64)] = weights.map { ($0.0, Int64(($0.1 / sum * 10_000).rounded(.down))) }
        let ranked = unsorted.sorted { a, b in a.1 != b.1 ? a.1 > b.1 : a.0 < b.0 }
        let (winner, posterior) = ranked[0]
        let seen: [String: Int64] = counts.features[winner] ?? [:]
        let supporting: [(feature: String, count: Int64)] = known.compactMap { feature in
            guard let count = seen[feature], count > 0 else { return nil }
            return (feature, count)
        }
        let confidence = min(posterior, Self.evidenceCap(supporting.map(\.count).max() ?? 0))
        let strongest = supporting.sorted { a, b in a.count != b.count ? a.count > b.count : a.feature < b.feature }
        let evidence: [String] = strongest.prefix(5).map {
            $0.feature.hasPrefix("payee:") ? String($0.feature.dropFirst("payee:".count)) : $0.feature
        }
        let alternatives = ranked.dropFirst().prefix(3).map { (accountID: $0.0, confidenceBasisPoints: $0.1) }
        guard confidence >= threshold else {
            return CategorySuggestion(accountID: nil, confidenceBasisPoints: confidence, evidence: evidence,
                                      alternatives: [(winner, confidence)] + alternatives.prefix(2),
                                      abstention: "the best guess is below the \(BasisPoints.percentString(threshold)) confidence threshold")
        }
        return CategorySuggestion(accountID: winner, confidenceBasisPoints: confidence, evidence: evidence, alternatives: alternatives,
                                  abstention: nil)
    }

    private func lexiconSuggestion(_ payee: String?) -> CategorySuggestion? {
        guard let payee, !lexicon.isEmpty,
              let hit = CategoryLexicon.match(tokens: SuggestionFeatures.payeeTokens(payee), categories: lexicon) else { return nil }
        let confidence = CategoryLexicon.confidenceBasisPoints
        guard confidence >= threshold else {
            return CategorySuggestion(accountID: nil, confidenceBasisPoints: confidence, evidence: ["lexicon:" + hit.keyword],
                                      alternatives: [(hit.accountID, confidence)],
                                      abstention: "only the built-in lexicon knows this payee, below the \(BasisPoints.percentString(threshold)) confidence threshold")
        }
        return CategorySuggestion(accountID: hit.accountID, confidenceBasisPoints: confidence, evidence: ["lexicon:" + hit.keyword],
                                  alternatives: [], abstention: nil)
    }

    private func abstain(_ reason: String) -> CategorySuggestion {
        CategorySuggestion(accountID: nil, confidenceBasisPoints: 0, evidence: [], alternatives: [], abstention: reason)
    }
}

extension CategorySuggester {
    /// The most a suggestion may claim when its best word was seen `sightings` times with the category: n / (n + 1)
    /// in basis points, rounded half up, so one sighting gives 50 % (below the 60 % threshold: the suggester waits for
    /// a second), two 66.67 %, three 75 %, and 90 % takes nine. Naive Bayes alone gave 100 % to any word one category had
    /// seen once, when no other category had seen it (issue 29, N5: `Acme Trading Ltd` under groceries once made
    /// `Quux Trading` groceries at 94.96 %). Integer arithmetic, so the cap is exact.
    static func evidenceCap(_ sightings: Int64) -> Int64 {
        guard sightings > 0 else { return 0 }
        return (sightings * 20_000 + sightings + 1) / (2 * (sightings + 1))
    }

    /// log(numerator / denominator) of two counts: integers until the division, as before this helper, so
    /// every score is bit for bit what it was.
    static func logRatio(_ numerator: Int64, _ denominator: Int64) -> Double {
        log(Double(numerator) / Double(denominator))
    }
}
