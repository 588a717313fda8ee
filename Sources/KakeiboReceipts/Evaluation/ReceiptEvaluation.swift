import Foundation

/// Scores parsed receipts against truth: per-field accuracy, time, and whether confidence is calibrated.
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

        public var totalCorrect: Bool { receipt.total?.value == truth.totalMinor }
        public var dateCorrect: Bool { receipt.date?.value == truth.dateISODayFirst }
        public var merchantCorrect: Bool {
            Similarity.normalise(receipt.merchant?.value ?? "") == Similarity.normalise(truth.company)
        }
        public var merchantSimilarity: Double {
            Similarity.ratio(Similarity.normalise(receipt.merchant?.value ?? ""), Similarity.normalise(truth.company))
        }
        public var merchantFuzzyCorrect: Bool { merchantSimilarity >= 0.8 }
    }

    public var outcomes: [Outcome]
    /// Wall-clock seconds for the whole batch (workers run in parallel).
    public var wallSeconds: Double

    public init(outcomes: [Outcome], wallSeconds: Double) {
        self.outcomes = outcomes
        self.wallSeconds = wallSeconds
    }

    /// The JSON document outside checks rely on:
    /// `{"count", "fields": {"total", "date", "merchant", "merchant_fuzzy"}, "seconds_per_receipt", "calibration"}`.
    public func report() -> [String: Any] {
        let count = outcomes.count
        func ratio(_ n: Int, _ d: Int) -> Double { d == 0 ? 0 : (Double(n) / Double(d) * 10_000).rounded() / 10_000 }
        func field(_ predicate: (Outcome) -> Bool) -> [String: Any] {
            let correct = outcomes.filter(predicate).count
            return ["correct": correct, "accuracy": ratio(correct, count)]
        }
        // Calibration: every (receipt, field) pair, split by the parser's own high-confidence flag.
        var high = (count: 0, correct: 0), low = (count: 0, correct: 0)
        for outcome in outcomes {
            let pairs: [(Bool, Bool)] = [
                (outcome.receipt.total?.isHighConfidence ?? false, outcome.totalCorrect),
                (outcome.receipt.date?.isHighConfidence ?? false, outcome.dateCorrect),
                (outcome.receipt.merchant?.isHighConfidence ?? false, outcome.merchantFuzzyCorrect),
            ]
            for (isHigh, correct) in pairs {
                if isHigh {
                    high.count += 1
                    high.correct += correct ? 1 : 0
                } else {
                    low.count += 1
                    low.correct += correct ? 1 : 0
                }
            }
        }
        return [
            "count": count,
            "fields": [
                "total": field(\.totalCorrect),
                "date": field(\.dateCorrect),
                "merchant": field(\.merchantCorrect),
                "merchant_fuzzy": field(\.merchantFuzzyCorrect),
            ],
            "seconds_per_receipt": count == 0 ? 0 : (wallSeconds / Double(count) * 1000).rounded() / 1000,
            "calibration": [
                "threshold": ReceiptField<Int64>.reviewThreshold,
                "fields_scored": "total (exact), date (exact), merchant (fuzzy)",
                "high_confidence": ["count": high.count, "correct": high.correct, "accuracy": ratio(high.correct, high.count)],
                "other": ["count": low.count, "correct": low.correct, "accuracy": ratio(low.correct, low.count)],
            ] as [String: Any],
        ]
    }
}
