/// Reads the currency from symbols and codes on the receipt; falls back to the caller's default.
struct CurrencyDetector: Sendable {
    static let cues: [(code: String, words: [String], symbols: [Character])] = [
        ("MYR", ["RM", "MYR"], []),
        ("SGD", ["SGD", "S$"], []),
        ("EUR", ["EUR"], ["€"]),
        ("GBP", ["GBP"], ["£"]),
        ("JPY", ["JPY", "YEN"], ["¥"]),
        ("USD", ["USD", "US$"], ["$"]),
    ]

    func detect(_ rows: [TextRow], defaultCode: String) -> ReceiptField<String> {
        var counts: [String: (count: Int, rows: [Int])] = [:]
        for row in rows {
            let upper = row.text.uppercased()
            let tokens = upper.split { !($0.isLetter || $0 == "$") }.map(String.init)
            for cue in Self.cues {
                let hit = tokens.contains { token in cue.words.contains { token == $0 || (token.hasPrefix($0) && $0.count >= 2 && token.dropFirst($0.count).allSatisfy(\.isNumber)) } }
                    || upper.contains { cue.symbols.contains($0) }
                if hit {
                    counts[cue.code, default: (0, [])].count += 1
                    counts[cue.code, default: (0, [])].rows.append(row.index)
                    break
                }
            }
        }
        // "$" alone is ambiguous (USD, SGD, AUD…): the default wins if it is a dollar.
        if let best = counts.max(by: { $0.value.count < $1.value.count }) {
            var code = best.key
            if code == "USD", defaultCode.hasSuffix("D"), defaultCode != "MYR" { code = defaultCode }
            return ReceiptField(value: code, confidence: best.value.count >= 2 ? 0.95 : 0.8, rows: Array(best.value.rows.prefix(3)))
        }
        return ReceiptField(value: defaultCode, confidence: 0.5, rows: [])
    }
}
