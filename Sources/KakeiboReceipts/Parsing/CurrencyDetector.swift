/// Reads the currency from symbols and codes on the receipt; failing those, from where the receipt says it was
/// issued (`CurrencyClues`); failing that, the caller's default. The basis says which, so a currency nobody
/// printed is a reason to review, never taken as read.
struct CurrencyDetector: Sendable {
    static let cues: [(code: String, words: [String], symbols: [Character])] = [
        ("MYR", ["RM", "MYR"], []),
        ("SGD", ["SGD", "S$"], []),
        ("EUR", ["EUR"], ["€"]),
        ("GBP", ["GBP"], ["£"]),
        ("JPY", ["JPY", "YEN"], ["¥"]),
        ("USD", ["USD", "US$"], ["$"]),
    ]

    func detect(_ rows: [TextRow], defaultCode: String) -> ReceiptField<String> { detectWithBasis(rows, defaultCode: defaultCode).field }

    func detectWithBasis(_ rows: [TextRow], defaultCode: String, infer: Bool = true) -> (field: ReceiptField<String>, basis: CurrencyBasis) {
        var counts: [String: (count: Int, rows: [Int])] = [:]
        for row in rows {
            let upper = row.text.uppercased()
            // A code counts only on a row that prints a figure: a stray `rm -rf` is not ringgit.
            let hasFigure = upper.contains(where: \.isNumber)
            let tokens = hasFigure ? upper.split { !($0.isLetter || $0 == "$") }.map(String.init) : []
            let words = upper.split(separator: " ")
            for cue in Self.cues {
                // A symbol counts only right before a figure (`$12.00`): OCR turns S into $ and Y into ¥ elsewhere.
                let hit = tokens.contains { token in cue.words.contains { token == $0 } }
                    || words.contains { word in
                        cue.symbols.contains { word.hasPrefix(String($0)) } && word.dropFirst().first?.isNumber == true
                            || cue.words.contains { word.hasPrefix($0) && word.dropFirst($0.count).first?.isNumber == true }
                    }
                if hit {
                    counts[cue.code, default: (0, [])].count += 1
                    counts[cue.code, default: (0, [])].rows.append(row.index)
                    break
                }
            }
        }
        // "$" alone is ambiguous (USD, SGD, AUD…): the default wins if it is a dollar.
        let order = Self.cues.map(\.code)
        if let best = counts.sorted(by: { ($0.value.count, order.firstIndex(of: $1.key)!) > ($1.value.count, order.firstIndex(of: $0.key)!) }).first {
            var code = best.key
            if code == "USD", defaultCode.hasSuffix("D"), defaultCode != "MYR" { code = defaultCode }
            return (ReceiptField(value: code, confidence: best.value.count >= 2 ? 0.95 : 0.8, rows: Array(best.value.rows.prefix(3))), .printed)
        }
        // No symbol or code: a place or tax id with one currency, if one currency clearly leads (a tie says nothing).
        let clues = !infer ? [] : CurrencyClues.evidence(in: rows).sorted { ($0.value.weight, $1.key) > ($1.value.weight, $0.key) }
        if let best = clues.first, clues.dropFirst().first?.value.weight != best.value.weight {
            // Below the hand rules' review threshold however strong: inferred is not read.
            let confidence = best.value.weight >= 4 ? 0.7 : best.value.weight >= 2 ? 0.65 : 0.55
            return (ReceiptField(value: best.key, confidence: confidence, rows: Array(best.value.rows.sorted().prefix(3))),
                    best.key == defaultCode ? .corroborated : .inferred)
        }
        return (ReceiptField(value: defaultCode, confidence: 0.5, rows: []), .assumed)
    }
}
