import KakeiboDomain

/// Finds the receipt's date in many printed forms: `12/02/2018`, `29-12-17`, `11.02.18`,
/// `2018-04-06`, `24 MAR 18`, `Mar 24, 2018`, `25032018`, and OCR's `1202/2018`.
///
/// The patterns are matched by `DatePatternScanner`.
/// `03/04/2018` reads day-first or month-first by the hint; such an ambiguous date gets a lower confidence.
struct DateExtractor: Sendable {
    let dayFirst: Bool

    struct Candidate {
        var date: LocalDate
        var ambiguous: Bool
        var score: Double
        var row: Int
        /// The OCR confidence of the words the date was read from.
        var ocr: Double
        var labelled = false
        var bonus = 0.0
        /// Read from inside another date-shaped match (`REG#19-10/03/2018` also reads as `10/03/2018`).
        var overlapping = false
        /// `19-10/03`: the two separators differ, as they seldom do in a printed date.
        var mixedSeparators = false
    }

    /// Words that label a date row.
    static let labels: [Keyword] = ["DATE", "TARIKH", "DATED"]

    func extract(rows: [TextRow], into receipt: inout ParsedReceipt, candidates found: inout [FieldCandidate<String>]) {
        var candidates: [Candidate] = []
        for row in rows {
            let text = row.text.uppercased()
            let labelled = KeywordMatcher(text).containsAny(Self.labels)
            let base = (labelled ? 1.0 : 0) + 0.5 * row.meanConfidence
            // Character offsets of each word in `text` (words joined by single spaces), to find which words a match used.
            var spans: [(range: Range<Int>, confidence: Double)] = []
            var offset = 0
            for word in row.words {
                let length = word.text.uppercased().count
                spans.append((offset..<(offset + length), word.confidence))
                offset += length + 1
            }
            let codes = CharacterCodes(text)
            let scanner = DatePatternScanner(codes)
            var matched: Range<Int>?
            var overlapping = false, mixedSeparators = false
            func add(_ date: LocalDate?, ambiguous: Bool, bonus: Double) {
                guard let date, date.year >= 2000, date.year <= 2039 else { return }
                var ocr = row.meanConfidence
                if let range = matched {
                    ocr = spans.filter { $0.range.overlaps(range) }.map(\.confidence).min() ?? ocr
                }
                var candidate = Candidate(date: date, ambiguous: ambiguous, score: base + bonus, row: row.index, ocr: ocr, labelled: labelled, bonus: bonus)
                candidate.overlapping = overlapping
                candidate.mixedSeparators = mixedSeparators
                candidates.append(candidate)
            }
            func int(_ match: DatePatternScanner.Match, _ group: Int) -> Int {
                let range = match.groups[group - 1]
                return codes.number(at: range.lowerBound, count: range.count)
            }
            func month(_ match: DatePatternScanner.Match, _ group: Int) -> Int {
                let start = match.groups[group - 1].lowerBound
                return DatePatternScanner.months.firstIndex { $0.elementsEqual(codes.codes[start..<(start + 3)]) }.map { $0 + 1 } ?? -1
            }
            for match in scanner.yearFirst() {
                matched = match.range
                add(make(int(match, 1), int(match, 2), int(match, 3)), ambiguous: false, bonus: 1)
            }
            func addNumeric(_ a: Int, _ b: Int, _ y: Int) {
                let dayFirstDate = make(y, b, a), monthFirstDate = make(y, a, b)
                switch (dayFirstDate, monthFirstDate) {
                case let (d?, m?): add(dayFirst ? d : m, ambiguous: d != m, bonus: 1)
                case let (d?, nil): add(d, ambiguous: false, bonus: 1)
                case let (nil, m?): add(m, ambiguous: false, bonus: 0.9)
                default: break
                }
            }
            /// A numeric date read from `start` on, as a candidate flagged `overlapping`.
            func addNumeric(from start: Int) {
                let rest = CharacterCodes(String(text.dropFirst(start)))
                guard let inner = DatePatternScanner(rest).numeric().first(where: { $0.range.lowerBound == 0 }) else { return }
                matched = start..<(start + inner.range.upperBound)
                overlapping = true
                mixedSeparators = Self.separators(rest, inner).map { $0 != $1 } ?? false
                func number(_ group: Int) -> Int { rest.number(at: inner.groups[group].lowerBound, count: inner.groups[group].count) }
                addNumeric(number(0), number(1), year(number(2)))
                overlapping = false
                mixedSeparators = false
            }
            for match in scanner.numeric() {
                matched = match.range
                mixedSeparators = Self.separators(codes, match).map { $0 != $1 } ?? false
                addNumeric(int(match, 1), int(match, 2), year(int(match, 3)))
                mixedSeparators = false
                // The scan resumes after a match, so a date that starts inside it (`#19-10/03/2018`) is read here.
                addNumeric(from: match.groups[1].lowerBound)
            }
            // A date glued to figures before it (`#125/05/2018`, `100021911/03/2018`): read it from its last two digits.
            for start in Self.gluedDayStarts(codes) { addNumeric(from: start) }
            for match in scanner.dayMonthName() {
                matched = match.range
                add(make(year(int(match, 3)), month(match, 2), int(match, 1)), ambiguous: false, bonus: 1.1)
            }
            for match in scanner.monthNameDay() {
                matched = match.range
                add(make(int(match, 3), month(match, 1), int(match, 2)), ambiguous: false, bonus: 1.1)
            }
            // A year glued to the time after it (`DATE:05SEP202414:20`, `05/09/20247:15PM`, as PP-OCR reads a row with
            // little space): the row read again with a space after the year, keeping the dates that end there.
            for split in Self.gluedYearEnds(codes) {
                let spaced = CharacterCodes(String(text.prefix(split)) + " " + String(text.dropFirst(split)))
                let again = DatePatternScanner(spaced)
                func number(_ match: DatePatternScanner.Match, _ group: Int) -> Int {
                    spaced.number(at: match.groups[group].lowerBound, count: match.groups[group].count)
                }
                for match in again.dayMonthName() where match.groups[2].upperBound == split {
                    matched = match.range
                    let start = match.groups[1].lowerBound
                    let name = DatePatternScanner.months.firstIndex { $0.elementsEqual(spaced.codes[start..<(start + 3)]) }.map { $0 + 1 } ?? -1
                    add(make(number(match, 2), name, number(match, 0)), ambiguous: false, bonus: 1.1)
                }
                for match in again.numeric() where match.groups[2].upperBound == split {
                    matched = match.range
                    addNumeric(number(match, 0), number(match, 1), number(match, 2))
                }
            }
            if labelled {
                for match in scanner.slashOnce() {
                    matched = match.range
                    add(make(int(match, 3), int(match, 2), int(match, 1)), ambiguous: false, bonus: 0.3)
                }
            }
            for match in scanner.compact() {
                matched = match.range
                // The character before the eight digits, if it is a figure of another script (`٣`, `Ⅻ`), made nine figures: no date.
                if match.range.lowerBound < match.groups[0].lowerBound, codes.characters?[match.range.lowerBound].wholeNumberValue != nil { continue }
                let digits = match.groups[0].lowerBound
                func num(_ r: Range<Int>) -> Int { codes.number(at: digits + r.lowerBound, count: r.count) }
                if let date = make(num(0..<4), num(4..<6), num(6..<8)) {
                    add(date, ambiguous: false, bonus: labelled ? 0.5 : 0)
                } else if let date = make(num(4..<8), num(2..<4), num(0..<2)) {
                    add(date, ambiguous: false, bonus: labelled ? 0.5 : 0)
                }
            }
        }
        // The best-scored date; on a tie, the one nearest the top.
        let ranked: (Candidate, Candidate) -> Bool = { $0.score < $1.score || ($0.score == $1.score && $0.row > $1.row) }
        guard var best = candidates.max(by: ranked) else {
            receipt.warnings.append("no date found")
            return
        }
        // Another row printing nearly as well the same date with digits open (05 where this reads 08) is one date
        // misread: ink fills gaps far more often than it opens them, so the open one is the print. Unless OCR is sure
        // of this one (`DigitFill.sureConfidence`).
        let closed = best.date.description
        let rulePick = best
        defer { found = features(candidates, rows: rows, pick: best.date, closed: rulePick.date) }
        if best.ocr < DigitFill.sureConfidence,
           let open = candidates.filter({ $0.row != best.row && $0.score >= best.score - 0.5 && DigitFill.opens($0.date.description, closed) }).max(by: ranked) {
            best = open
        }
        let agreeing = Set(candidates.filter { $0.date == best.date }.map(\.row)).count
        // Another date read nearly as well is a rival: the receipt (or OCR) disagrees with itself.
        let rivalled = candidates.contains { $0.date != best.date && $0.score >= best.score - 0.5 }
        // The weaker of the row and the date's own words: one misread digit is a different day.
        let ocr = min(best.ocr, rows.first { $0.index == best.row }?.meanConfidence ?? 0.5)
        var confidence = 0.55 + 0.1 * min(best.score, 2.5) + (agreeing > 1 ? 0.05 : 0)
        confidence *= 0.6 + 0.4 * ocr
        if best.ambiguous { confidence -= 0.15 }
        if rivalled { confidence -= 0.15 }
        // A date printed once rests on one OCR reading of a few digits, where 5/6 and 3/8 swap: never sure on its own.
        if agreeing < 2 { confidence = min(confidence, 0.74) }
        receipt.date = ReceiptField(value: best.date.description, confidence: confidence, rows: [best.row])
    }

    /// Describes every candidate for the learned ranker (`FeatureSet.date`, in that order).
    private func features(_ candidates: [Candidate], rows: [TextRow], pick: LocalDate, closed: LocalDate) -> [FieldCandidate<String>] {
        let heights = RowGeometry(rows)
        let count = Double(max(rows.count, 1))
        let top = candidates.map(\.score).max() ?? 0
        return candidates.map { candidate in
            let agreeing = Set(candidates.filter { $0.date == candidate.date }.map(\.row)).count
            let rivals = Set(candidates.filter { $0.date != candidate.date }.map(\.date)).count
            let row = rows.first { $0.index == candidate.row }
            let features: [(String, Double)] = [
                ("labelled", candidate.labelled ? 1 : 0),
                ("pattern_bonus", candidate.bonus),
                ("ambiguous", candidate.ambiguous ? 1 : 0),
                ("relative_row", Double(candidate.row) / count),
                ("ocr", candidate.ocr),
                ("row_ocr", row?.meanConfidence ?? 0.5),
                ("agreeing_rows", Double(min(agreeing, 4))),
                ("rivals", Double(min(rivals, 4))),
                ("rule_score", candidate.score - top),
                ("rule_pick", candidate.date == pick ? 1 : 0),
                ("digits_open", candidate.date != closed && DigitFill.opens(candidate.date.description, closed.description) ? 1 : 0),
                ("time_on_row", row.map { Self.hasClockTime($0.text) } ?? false ? 1 : 0),
                ("height_ratio", heights.ratio(candidate.row)),
                ("overlapping", candidate.overlapping ? 1 : 0),
                ("mixed_separators", candidate.mixedSeparators ? 1 : 0),
            ]
            return FieldCandidate(value: candidate.date.description, rows: [candidate.row], named: features)
        }
    }

    /// Offsets of two digits that follow another digit and precede a date separator: where a day glued to
    /// figures in front of it starts. A run of exactly four digits is a year (`2018-08-12`), not a glued day.
    static func gluedDayStarts(_ codes: CharacterCodes) -> [Int] {
        var starts: [Int] = []
        var offset = 1
        while offset + 2 < codes.count {
            let separator = codes[offset + 2]
            if codes.isDigit(offset - 1), codes.isDigit(offset), codes.isDigit(offset + 1),
               separator == 0x2F || separator == 0x2D || separator == 0x2E {
                var runStart = offset - 1
                while runStart > 0, codes.isDigit(runStart - 1) { runStart -= 1 }
                if offset + 2 - runStart != 4 { starts.append(offset) }
            }
            offset += 1
        }
        return starts
    }

    /// Where a four-digit year (20xx) ends when the time is glued after it: a run of digits that starts with the year
    /// and goes on one or two digits (the hour) to a `:` and two more (`202414:20`).
    static func gluedYearEnds(_ codes: CharacterCodes) -> [Int] {
        var ends: [Int] = []
        var offset = 0
        while offset < codes.count {
            let run = codes.digits(at: offset)
            guard run > 0 else { offset += 1; continue }
            let end = offset + run
            if run == 5 || run == 6, codes[offset] == 0x32, codes[offset + 1] == 0x30, codes[end] == 0x3A,
               codes.digits(at: end + 1) == 2 {
                ends.append(offset + 4)
            }
            offset = end
        }
        return ends
    }

    /// The separator characters between a numeric match's first and second, and second and third groups.
    static func separators(_ codes: CharacterCodes, _ match: DatePatternScanner.Match) -> (UInt8, UInt8)? {
        guard match.groups.count == 3 else { return nil }
        func separator(_ from: Int, _ to: Int) -> UInt8? { (from..<to).map { codes[$0] }.first { $0 != 0x20 } }
        guard let first = separator(match.groups[0].upperBound, match.groups[1].lowerBound),
              let second = separator(match.groups[1].upperBound, match.groups[2].lowerBound) else { return nil }
        return (first, second)
    }

    /// `12:34` anywhere in the text: date rows often print the time beside the date.
    static func hasClockTime(_ text: String) -> Bool {
        let characters = Array(text)
        guard characters.count >= 4 else { return false }
        for index in 1..<(characters.count - 2) where characters[index] == ":" {
            if characters[index - 1].isNumber, characters[index + 1].isNumber, characters[index + 2].isNumber { return true }
        }
        return false
    }

    /// Two-digit years are this century; OCR's `2618` or `0718` for `2018` is repaired to 20YY.
    private func year(_ value: Int) -> Int {
        if value < 100 { return 2000 + value }
        if (2000...2039).contains(value) { return value }
        if value % 100 <= 39 { return 2000 + value % 100 }
        return value
    }

    private func make(_ year: Int, _ month: Int, _ day: Int) -> LocalDate? {
        try? LocalDate(year: year, month: month, day: day)
    }
}
