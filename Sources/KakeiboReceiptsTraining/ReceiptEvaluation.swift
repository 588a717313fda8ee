import Foundation
import KakeiboReceipts

/// Scores parsed receipts against truth: per-field accuracy with a confidence interval, time, and whether the
/// confidence can be trusted (precision above the high-confidence threshold, a reliability table, the expected
/// calibration error).
///
/// Accuracies are measurement ratios (not amounts), so a floating-point type is right here.
public struct ReceiptEvaluation: Sendable {
    /// One receipt's outcome.
    public struct Outcome: Sendable {
        public var id: String
        public var receipt: ParsedReceipt
        public var truth: ReceiptTruth
        public var seconds: Double

        public init(id: String, receipt: ParsedReceipt, truth: ReceiptTruth, seconds: Double) {
            self.id = id
            self.receipt = receipt
            self.truth = truth
            self.seconds = seconds
        }

        public var totalCorrect: Bool { truth.totalIsRight(receipt.total?.value) }
        public var dateCorrect: Bool { truth.dateIsRight(receipt.date?.value) }
        public var merchantCorrect: Bool {
            Similarity.normalise(receipt.merchant?.value ?? "") == Similarity.normalise(truth.company)
        }
        public var merchantSimilarity: Double { truth.merchantSimilarity(receipt.merchant?.value) }
        public var merchantFuzzyCorrect: Bool { truth.merchantIsRight(receipt.merchant?.value) }

        /// Total (exact), date (exact) and merchant (fuzzy): confidence, whether marked high, whether right. A missing
        /// field has confidence 0 and is never high.
        var scoredFields: [(field: String, confidence: Double, high: Bool, correct: Bool, threshold: Double?)] {
            [("total", receipt.total?.confidence ?? 0, receipt.total?.isHighConfidence ?? false, totalCorrect, receipt.total?.highConfidenceAt),
             ("date", receipt.date?.confidence ?? 0, receipt.date?.isHighConfidence ?? false, dateCorrect, receipt.date?.highConfidenceAt),
             ("merchant", receipt.merchant?.confidence ?? 0, receipt.merchant?.isHighConfidence ?? false, merchantFuzzyCorrect, receipt.merchant?.highConfidenceAt)]
        }
    }

    public var outcomes: [Outcome]
    /// Wall-clock seconds for the whole batch (workers run in parallel).
    public var wallSeconds: Double
    /// Set when the figures come from grouped cross-validation.
    public var folds: Int?

    public init(outcomes: [Outcome], wallSeconds: Double, folds: Int? = nil) {
        self.outcomes = outcomes
        self.wallSeconds = wallSeconds
        self.folds = folds
    }

    /// The JSON document outside checks rely on:
    /// `{"count", "fields": {"total", "date", "merchant", "merchant_fuzzy"}, "seconds_per_receipt", "calibration"}`;
    /// each field adds `ci95` (Wilson), calibration adds `coverage`, `reliability` and `ece`.
    public func report() -> [String: Any] {
        let count = outcomes.count
        func field(_ predicate: (Outcome) -> Bool) -> [String: Any] {
            let correct = outcomes.filter(predicate).count
            let interval = Self.wilson(correct, count)
            return ["correct": correct, "accuracy": Self.ratio(correct, count), "ci95": [Self.round(interval.lower), Self.round(interval.upper)]]
        }
        // Calibration: every (receipt, field) pair, split by the field's own high-confidence flag.
        var high = (count: 0, correct: 0), low = (count: 0, correct: 0)
        var scored: [(confidence: Double, correct: Bool)] = []
        var thresholds: [String: Set<Double>] = [:]
        var perField: [String: (count: Int, correct: Int)] = [:]
        for outcome in outcomes {
            for pair in outcome.scoredFields {
                scored.append((pair.confidence, pair.correct))
                // A missing field has no threshold; a field the hand rules chose has theirs.
                if pair.confidence > 0 || pair.threshold != nil {
                    thresholds[pair.field, default: []].insert(pair.threshold ?? ReceiptField<Int64>.reviewThreshold)
                }
                if pair.high {
                    perField[pair.field, default: (0, 0)].count += 1
                    perField[pair.field, default: (0, 0)].correct += pair.correct ? 1 : 0
                }
                if pair.high {
                    high.count += 1
                    high.correct += pair.correct ? 1 : 0
                } else {
                    low.count += 1
                    low.correct += pair.correct ? 1 : 0
                }
            }
        }
        var document: [String: Any] = [
            "count": count,
            "fields": [
                "total": field(\.totalCorrect),
                "date": field(\.dateCorrect),
                "merchant": field(\.merchantCorrect),
                "merchant_fuzzy": field(\.merchantFuzzyCorrect),
            ],
            "seconds_per_receipt": count == 0 ? 0 : (wallSeconds / Double(count) * 1000).rounded() / 1000,
            "calibration": [
                // A number, as before per-field thresholds: the lowest any field used. Each field's are under `thresholds`.
                "threshold": Self.round(thresholds.values.flatMap { $0 }.min() ?? ReceiptField<Int64>.reviewThreshold),
                "thresholds": thresholds.mapValues { $0.sorted().map(Self.round) },
                "high_confidence_by_field": perField.mapValues { ["count": $0.count, "correct": $0.correct, "accuracy": Self.ratio($0.correct, $0.count)] },
                "fields_scored": "total (exact), date (exact), merchant (fuzzy)",
                "high_confidence": ["count": high.count, "correct": high.correct, "accuracy": Self.ratio(high.correct, high.count)],
                "other": ["count": low.count, "correct": low.correct, "accuracy": Self.ratio(low.correct, low.count)],
                "coverage": Self.ratio(high.count, high.count + low.count),
                "reliability": Self.reliability(scored).map { bin in
                    ["from": bin.from, "to": bin.to, "count": bin.count, "mean_confidence": Self.round(bin.meanConfidence), "accuracy": Self.round(bin.accuracy)] as [String: Any]
                },
                "ece": Self.round(Self.expectedCalibrationError(scored)),
            ] as [String: Any],
        ]
        if let folds { document["folds"] = folds }
        return document
    }

    // MARK: - Statistics

    /// Ten equal-width bins of confidence, the empty ones left out.
    static func reliability(_ scored: [(confidence: Double, correct: Bool)]) -> [(from: Double, to: Double, count: Int, meanConfidence: Double, accuracy: Double)] {
        (0..<10).compactMap { bin in
            let from = Double(bin) / 10, to = Double(bin + 1) / 10
            let members = scored.filter { $0.confidence >= from && ($0.confidence < to || (bin == 9 && $0.confidence <= 1)) }
            guard !members.isEmpty else { return nil }
            let mean = members.map(\.confidence).reduce(0, +) / Double(members.count)
            let accuracy = Double(members.filter(\.correct).count) / Double(members.count)
            return (from, to, members.count, mean, accuracy)
        }
    }

    /// Σ over bins of (bin share) × |accuracy − mean confidence|.
    static func expectedCalibrationError(_ scored: [(confidence: Double, correct: Bool)]) -> Double {
        guard !scored.isEmpty else { return 0 }
        return reliability(scored).map { Double($0.count) / Double(scored.count) * abs($0.accuracy - $0.meanConfidence) }.reduce(0, +)
    }

    /// Wilson score interval at 95 %: sound for proportions near 0 or 1, where the normal approximation is not.
    static func wilson(_ successes: Int, _ trials: Int) -> (lower: Double, upper: Double) {
        guard trials > 0 else { return (0, 1) }
        let z = 1.959963984540054, n = Double(trials), p = Double(successes) / n
        let centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        let half = z * ((p * (1 - p) / n + z * z / (4 * n * n)).squareRoot()) / (1 + z * z / n)
        return (max(0, centre - half), min(1, centre + half))
    }

    static func ratio(_ n: Int, _ d: Int) -> Double { d == 0 ? 0 : round(Double(n) / Double(d)) }
    static func round(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
}
