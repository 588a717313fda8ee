import KakeiboDomain
import KakeiboProjections
import KakeiboTestSupport
import XCTest

/// Accuracy at each coverage level on messy generated bank descriptors with a time split: the
/// suggester answers for every test descriptor it can, ranked by confidence; covering the top k %
/// gives the accuracy a user would see at the threshold that answers that many.
final class SuggestionCoverageEvaluationTests: XCTestCase {
    static let bankNoise = ["", "", "", "CHECKCARD 1102 ", "VISA DDA PUR ", "PURCHASE AUTHORIZED ON 11/02 ", "DEBIT CARD PURCHASE - "]
    static let places = ["", "", " KUALA LUMPUR MY", " SEATTLE WA", " LONDON GB", " 800-555-0199"]

    /// Descriptors in time order: the generator's store numbers, typos, truncation and prefixes,
    /// plus bank wording around them and a place or phone number after.
    static func history(count: Int, seed: UInt64) -> [(category: String, payee: String, amount: Money)] {
        var random = SplitMix64(seed: seed)
        let categories = CategorySuggesterTests.merchants.keys.sorted()
        return (0..<count).map { _ in
            let category = categories[random.next(upTo: categories.count)]
            let choices = CategorySuggesterTests.merchants[category]!
            let (name, range) = choices[random.next(upTo: choices.count)]
            let core = CategorySuggesterTests.descriptor(name, using: &random)
            let payee = bankNoise[random.next(upTo: bankNoise.count)] + core + places[random.next(upTo: places.count)]
            return (category, payee, Money(minorUnits: Int64.random(in: range, using: &random), currency: .usd))
        }
    }

    struct Curve {
        var answered: Int, total: Int
        /// (coverage %, accuracy %) at each level the answers reach.
        var points: [(coverage: Int, accuracy: Int)]
    }

    static func curve(train: ArraySlice<(category: String, payee: String, amount: Money)>,
                      test: ArraySlice<(category: String, payee: String, amount: Money)>, lexicon: Bool) -> Curve {
        let counts = CategorySuggester.Counts(examples: train.map { ($0.category, SuggestionFeatures.of(payee: $0.payee, amount: $0.amount)) })
        let categories = lexicon ? CategorySuggesterTests.merchants.keys.sorted().map {
            CategoryLexicon.Category(accountID: $0, accountName: "expenses:" + $0, displayName: nil)
        } : []
        let suggester = CategorySuggester(counts: counts, threshold: 0, lexicon: categories)
        var answers: [(confidence: Int64, index: Int, right: Bool)] = []
        for (index, example) in test.enumerated() {
            let suggestion = suggester.suggest(payee: example.payee, amount: example.amount)
            if let category = suggestion.accountID {
                answers.append((suggestion.confidenceBasisPoints, index, category == example.category))
            }
        }
        answers.sort { ($0.confidence, -$0.index) > ($1.confidence, -$1.index) }
        var points: [(Int, Int)] = []
        for coverage in stride(from: 10, through: 100, by: 10) {
            let k = test.count * coverage / 100
            guard k > 0, k <= answers.count else { continue }
            points.append((coverage, answers.prefix(k).filter(\.right).count * 100 / k))
        }
        return Curve(answered: answers.count, total: test.count, points: points)
    }

    func testAccuracyAtEachCoverageLevelOnMessyDescriptors() {
        let examples = Self.history(count: 1_000, seed: 7)
        let train = examples.prefix(700), test = examples.suffix(300)   // the past teaches, the future is judged
        let learned = Self.curve(train: train, test: test, lexicon: true)
        let cold = Self.curve(train: [], test: test, lexicon: true)
        let small = Self.curve(train: train.prefix(30), test: test, lexicon: false)
        let smallWithLexicon = Self.curve(train: train.prefix(30), test: test, lexicon: true)
        func describe(_ curve: Curve) -> String {
            "answers \(curve.answered)/\(curve.total): " + curve.points.map { "\($0.coverage)% → \($0.accuracy)%" }.joined(separator: ", ")
        }
        print("""
            Suggestion accuracy at each coverage level (1,000 generated descriptors, 700/300 time split):
              learned from 700 + lexicon: \(describe(learned))
              cold start, lexicon only:   \(describe(cold))
              learned from 30 only:       \(describe(small))
              learned from 30 + lexicon:  \(describe(smallWithLexicon))
            """)
        let at = { (curve: Curve, coverage: Int) in curve.points.first { $0.coverage == coverage }?.accuracy }
        XCTAssertGreaterThanOrEqual(at(learned, 90) ?? 0, 95, "with history, 90 % of descriptors answered at ≥ 95 % accuracy")
        XCTAssertGreaterThanOrEqual(at(learned, 50) ?? 0, 99, "the most confident half is all but always right")
        XCTAssertGreaterThanOrEqual(cold.answered * 100 / cold.total, 40, "the lexicon alone answers a good share cold")
        XCTAssertGreaterThanOrEqual(at(cold, 40) ?? 0, Int(CategoryLexicon.confidenceBasisPoints / 100),
                                    "and is at least as right as the confidence it claims")
        XCTAssertGreaterThan(smallWithLexicon.answered, small.answered, "the lexicon covers what little history has not seen")
    }
}
