/// Decides whether closer readings of a date row should replace what the page read there.
///
/// Thin thermal print makes OCR swap 5, 6, 8 and 3 in the few digits of a date, and nothing else on the receipt
/// checks them. An OCR engine can read each date row again, cropped and enlarged; this type picks the rows worth it
/// and judges the readings. It is pure so any engine (or a test) can use it.
public struct DateRowReread: Sendable {
    public var parser: ReceiptParser
    /// How many readings must name the same date, other than the page's, before it replaces the row.
    public var agreement: Int

    public init(parser: ReceiptParser = ReceiptParser(), agreement: Int = 2) {
        self.parser = parser
        self.agreement = agreement
    }

    /// Rows a date is read from, or labelled as the date (where OCR may have lost the digits), unless OCR is at
    /// least this sure of every word with a digit in the row: a closer look there costs time and only risks a misread.
    public var sureConfidence = DigitFill.sureConfidence

    /// Rows a date is read from, or labelled as the date, that OCR is not sure of.
    public func rowsWorthRereading(_ rows: [TextRow]) -> [TextRow] {
        rows.filter { row in
            guard date(in: row.words) != nil || KeywordMatcher(row.text.uppercased()).containsAny(DateExtractor.labels) else { return false }
            let digits = row.words.filter { $0.text.contains(where: \.isNumber) }
            return digits.isEmpty || digits.contains { $0.confidence < sureConfidence }
        }
    }

    /// The date (ISO) the words name on their own, if any; they are sanitised first, as the parser would.
    public func date(in words: [TextObservation]) -> String? {
        let clean = parser.sanitiser.sanitise(words)
        guard !clean.isEmpty else { return nil }
        return parser.parse(rows: [TextRow(index: 0, words: clean)]).date?.value
    }

    /// The reading that should replace `row`'s words, or nil to keep them.
    ///
    /// Replaces only when at least `agreement` readings name one date, different from the row's own, and no other
    /// date is named as often: one closer look that disagrees is as likely a new misread as a repair. A date another
    /// row of the receipt prints (`elsewhere`) counts as one more reading when a closer look here names it too.
    /// Then, since ink fills gaps far more often than it opens them (`DigitFill`), a date some reading (or the page)
    /// names with digits open where the chosen one has them closed wins over it, however few name it, unless a
    /// reading of the chosen one is sure of its digits (fading opens gaps too).
    public func replacement(for row: TextRow, readings: [[TextObservation]], elsewhere: Set<String> = []) -> [TextObservation]? {
        let original = date(in: row.words)
        let dates = readings.map { date(in: $0) }
        var votes: [String: Int] = [:]
        for case let value? in dates { votes[value, default: 0] += 1 }
        for value in elsewhere where value != original && votes[value] != nil { votes[value, default: 0] += 1 }
        if let original { votes[original, default: 0] += 1 }
        let ranked = votes.sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }
        var chosen = original
        if let (winner, count) = ranked.first, winner != original, count >= agreement, ranked.dropFirst().allSatisfy({ $0.value < count }) {
            chosen = winner
        }
        let sure = zip([row.words] + readings, [original] + dates).contains { words, date in
            date != nil && date == chosen && words.filter { $0.text.contains(where: \.isNumber) }.allSatisfy { $0.confidence >= sureConfidence }
        }
        if !sure, let closed = chosen, let open = ranked.first(where: { DigitFill.opens($0.key, closed) }) {
            chosen = open.key
        }
        guard let chosen, chosen != original, let index = dates.firstIndex(of: chosen) else { return nil }
        return readings[index]
    }

    // MARK: - No date on the page

    /// Rows with a clock time (`12:05`, `00:06:00`, even misread as `90:06:00`). On a receipt where OCR found no
    /// date at all, the date is most likely printed beside the time or a line above or below it.
    public func clockRows(_ rows: [TextRow]) -> [TextRow] {
        rows.filter { $0.words.contains { Self.looksLikeClock($0.text) } }
    }

    /// A digit, a colon, two digits.
    static func looksLikeClock(_ text: String) -> Bool {
        let characters = Array(text)
        guard characters.count >= 4 else { return false }
        return (1..<(characters.count - 2)).contains { index in
            characters[index] == ":" && characters[index - 1].isASCIIDigit && characters[index + 1].isASCIIDigit && characters[index + 2].isASCIIDigit
        }
    }

    /// The words of the row naming the date that at least `agreement` readings of a band of the page agree on (and
    /// no other date as often), from the first reading naming it; nil when they do not agree.
    public func dateRow(in readings: [[TextObservation]]) -> [TextObservation]? {
        var found: [(date: String, words: [TextObservation])] = []
        for reading in readings {
            for row in parser.rows(from: reading) {
                if let value = date(in: row.words) { found.append((value, row.words)); break }
            }
        }
        var votes: [String: Int] = [:]
        for item in found { votes[item.date, default: 0] += 1 }
        let ranked = votes.sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }
        guard let (winner, count) = ranked.first, count >= agreement, ranked.dropFirst().allSatisfy({ $0.value < count }) else { return nil }
        return found.first { $0.date == winner }?.words
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
