import KakeiboReceipts

/// Observations from text lines, one word per observation, one line per row.
enum ReceiptLines {
    static func observations(_ lines: [String], confidence: Double = 0.92) -> [TextObservation] {
        var observations: [TextObservation] = []
        for (row, line) in lines.enumerated() {
            for (column, word) in line.split(separator: " ").enumerated() {
                observations.append(TextObservation(text: String(word), x: 0.05 + Double(column) * 0.08, y: 0.05 + Double(row) * 0.04,
                                                    width: 0.07, height: 0.025, confidence: confidence))
            }
        }
        return observations
    }

    static func parse(_ lines: [String], currency: String = "MYR") -> ParsedReceipt {
        ReceiptParser(options: ReceiptParserOptions(defaultCurrency: currency)).parse(observations(lines)).receipt
    }
}
