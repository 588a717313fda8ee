import Foundation

// `receipts eval`'s text for a person: the table and, with `--verbose`, the misses. Beside the evaluation that
// computes the figures rather than in the CLI, so the figures and their wording change together.

extension ReceiptEvaluation {
    /// `receipts eval --verbose`: one line per receipt with a miss, naming what was read and what the truth says.
    public static func misses(_ outcomes: [Outcome]) -> [String] {
        var lines: [String] = []
        for outcome in outcomes where !(outcome.totalCorrect && outcome.dateCorrect && outcome.merchantFuzzyCorrect) {
            var misses: [String] = []
            func money(_ minor: Int64?) -> String { minor.map { String(format: "%d.%02d", $0 / 100, abs($0 % 100)) } ?? "-" }
            if !outcome.totalCorrect { misses.append("total \(money(outcome.receipt.total?.value)) want \(money(outcome.truth.totalMinor))") }
            if !outcome.dateCorrect { misses.append("date \(outcome.receipt.date?.value ?? "-") want \(outcome.truth.dateISODayFirst)") }
            if !outcome.merchantFuzzyCorrect { misses.append("merchant \"\(outcome.receipt.merchant?.value ?? "-")\" want \"\(outcome.truth.company)\"") }
            lines.append("\(outcome.id): " + misses.joined(separator: "; "))
        }
        return lines
    }

    /// `receipts eval`'s JSON, from `report()`: one line, keys sorted.
    public static func json(_ report: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys]), as: UTF8.self)
    }

    /// `receipts eval`'s table, from `report()`: per-field accuracy with its 95 % interval, the high-confidence
    /// fields' precision and coverage, and the reliability bins with the expected calibration error.
    public static func text(_ report: [String: Any], count: Int) -> String {
        var lines: [String] = []
        func print(_ line: String) { lines.append(line) }
        func percent(_ value: Any?) -> String { String(format: "%.1f %%", ((value as? Double) ?? 0) * 100) }
        print("receipts: \(count)" + ((report["folds"] as? Int).map { " (grouped \($0)-fold cross-validation by merchant group)" } ?? ""))
        let fields = report["fields"] as? [String: [String: Any]] ?? [:]
        for name in ["total", "date", "merchant", "merchant_fuzzy"] {
            guard let field = fields[name] else { continue }
            let interval = field["ci95"] as? [Double] ?? [0, 0]
            print("\(name): \(field["correct"] ?? 0)/\(count) \(percent(field["accuracy"])) (95 % CI \(percent(interval[0]))–\(percent(interval[1])))")
        }
        print("seconds per receipt: \(report["seconds_per_receipt"] ?? 0)")
        guard let calibration = report["calibration"] as? [String: Any] else { return lines.joined(separator: "\n") }
        let high = calibration["high_confidence"] as? [String: Any] ?? [:], other = calibration["other"] as? [String: Any] ?? [:]
        print("high-confidence fields: \(high["correct"] ?? 0)/\(high["count"] ?? 0) right \(percent(high["accuracy"])), covering \(percent(calibration["coverage"])) of fields")
        let byField = calibration["high_confidence_by_field"] as? [String: [String: Any]] ?? [:]
        let thresholds = calibration["thresholds"] as? [String: [Double]] ?? [:]
        for name in ["total", "date", "merchant"] {
            let field = byField[name] ?? [:]
            print("  \(name): \(field["correct"] ?? 0)/\(field["count"] ?? 0) right, threshold \((thresholds[name] ?? []).map { String($0) }.joined(separator: ", "))")
        }
        print("other fields: \(other["correct"] ?? 0)/\(other["count"] ?? 0) right \(percent(other["accuracy"]))")
        print("reliability (confidence bin: fields, mean confidence, accuracy); ECE \(calibration["ece"] ?? 0)")
        for bin in calibration["reliability"] as? [[String: Any]] ?? [] {
            print(String(format: "  %.1f–%.1f: %4d  %.3f  %.3f", bin["from"] as? Double ?? 0, bin["to"] as? Double ?? 0, bin["count"] as? Int ?? 0,
                         bin["mean_confidence"] as? Double ?? 0, bin["accuracy"] as? Double ?? 0))
        }
        return lines.joined(separator: "\n")
    }
}
