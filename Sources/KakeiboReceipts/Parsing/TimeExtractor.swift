/// Finds the time of purchase: `12:34`, `12:34:56`, `1:05 PM`, and `13.45` only beside a date or a `TIME` label
/// (elsewhere `13.45` is money). The value is 24-hour `HH:MM`.
///
/// Patterns are immutable once compiled, hence `nonisolated(unsafe)`.
struct TimeExtractor: Sendable {
    nonisolated(unsafe) static let colon = try! Regex(#"(?:^|[^0-9:])([0-9]{1,2}) ?: ?([0-9]{2})(?: ?: ?([0-9]{2}))?(?![0-9])(?: ?([AP])\.? ?M\b\.?)?"#)
    nonisolated(unsafe) static let dotted = try! Regex(#"(?:^|[^0-9.,])([0-9]{1,2})\.([0-9]{2})(?![0-9.,])(?: ?([AP])\.? ?M\b\.?)?"#)

    struct Candidate {
        var time: String
        var score: Double
        var row: Int
        var ocr: Double
    }

    /// `dateRows` are the rows the date was read from: a dotted time counts only there or after a label.
    func extract(rows: [TextRow], dateRows: [Int], into receipt: inout ParsedReceipt) {
        var candidates: [Candidate] = []
        for row in rows {
            let text = row.text.uppercased()
            let labelled = KeywordMatcher(text).containsAny(["TIME", "MASA"])
            let onDateRow = dateRows.contains(row.index)
            let base = (labelled ? 1.0 : 0) + (onDateRow ? 0.6 : 0)
            for match in text.matches(of: Self.colon) {
                let seconds = match.output[3].substring.flatMap { Int($0) }
                guard seconds.map({ $0 < 60 }) ?? true,
                      let time = Self.time(match.output[1].substring, match.output[2].substring, match.output[4].substring) else { continue }
                candidates.append(Candidate(time: time, score: base + (seconds == nil ? 0.3 : 0.5), row: row.index, ocr: row.meanConfidence))
            }
            guard labelled || onDateRow else { continue }
            for match in text.matches(of: Self.dotted) {
                guard let time = Self.time(match.output[1].substring, match.output[2].substring, match.output[3].substring) else { continue }
                candidates.append(Candidate(time: time, score: base, row: row.index, ocr: row.meanConfidence))
            }
        }
        guard let best = candidates.max(by: { $0.score < $1.score }), best.score >= 0.3 else { return }
        var confidence = (0.5 + 0.2 * min(best.score, 1.5)) * (0.6 + 0.4 * best.ocr)
        // Another time elsewhere (a reprint, a table opened at…) makes this one less certain.
        if candidates.contains(where: { $0.time != best.time }) { confidence *= 0.8 }
        receipt.time = ReceiptField(value: best.time, confidence: confidence, rows: [best.row])
    }

    /// 24-hour `HH:MM`, or nil when the figures are not a time of day.
    static func time(_ hour: Substring?, _ minute: Substring?, _ meridiem: Substring?) -> String? {
        guard var h = hour.flatMap({ Int($0) }), let m = minute.flatMap({ Int($0) }), m < 60 else { return nil }
        // Some tills print `22:17PM`: a 24-hour figure with PM is taken as printed.
        if let meridiem, !(meridiem == "P" && (13...23).contains(h)) {
            guard (1...12).contains(h) else { return nil }
            h = h % 12 + (meridiem == "P" ? 12 : 0)
        }
        guard h < 24 else { return nil }
        return (h < 10 ? "0" : "") + String(h) + ":" + (m < 10 ? "0" : "") + String(m)
    }
}
