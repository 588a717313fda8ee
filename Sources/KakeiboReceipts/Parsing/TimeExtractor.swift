/// Finds the time of purchase: `12:34`, `12:34:56`, `1:05 PM`, and `13.45` only beside a date or a `TIME` label
/// (elsewhere `13.45` is money). The value is 24-hour `HH:MM`.
/// The patterns are matched by `TimeScanner`.
struct TimeExtractor: Sendable {
    struct Candidate {
        var time: String
        var score: Double
        var row: Int
        var ocr: Double
    }

    /// Words that label a time.
    static let labels: [Keyword] = ["TIME", "MASA"]

    /// `dateRows` are the rows the date was read from: a dotted time counts only there or after a label.
    func extract(rows: [TextRow], dateRows: [Int], into receipt: inout ParsedReceipt) {
        var candidates: [Candidate] = []
        for row in rows {
            var text = row.text.uppercased()
            let labelled = KeywordMatcher(text).containsAny(Self.labels)
            let onDateRow = dateRows.contains(row.index)
            // The date's year glued to the time (`05SEP202414:20`): the time starts after the year.
            if onDateRow {
                for split in DateExtractor.gluedYearEnds(CharacterCodes(text)).reversed() {
                    text = String(text.prefix(split)) + " " + String(text.dropFirst(split))
                }
            }
            let base = (labelled ? 1.0 : 0) + (onDateRow ? 0.6 : 0)
            let scanner = TimeScanner(CharacterCodes(text))
            for match in scanner.colon() {
                let seconds = match.seconds
                guard seconds.map({ $0 < 60 }) ?? true, let time = Self.time(hour: match.hour, minute: match.minute, meridiem: match.meridiem) else { continue }
                candidates.append(Candidate(time: time, score: base + (seconds == nil ? 0.3 : 0.5), row: row.index, ocr: row.meanConfidence))
            }
            guard labelled || onDateRow else { continue }
            for match in scanner.dotted() {
                guard let time = Self.time(hour: match.hour, minute: match.minute, meridiem: match.meridiem) else { continue }
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
    /// `meridiem` is `A` or `P` (ASCII) when printed.
    static func time(hour: Int, minute m: Int, meridiem: UInt8?) -> String? {
        var h = hour
        guard m < 60 else { return nil }
        let pm = meridiem == UInt8(ascii: "P")
        // Some tills print `22:17PM`: a 24-hour figure with PM is taken as printed.
        if meridiem != nil, !(pm && (13...23).contains(h)) {
            guard (1...12).contains(h) else { return nil }
            h = h % 12 + (pm ? 12 : 0)
        }
        guard h < 24 else { return nil }
        return (h < 10 ? "0" : "") + String(h) + ":" + (m < 10 ? "0" : "") + String(m)
    }
}
