/// Finds the printed date forms `DateExtractor` reads, in upper-cased row text, without `Regex`.
///
/// Each method gives exactly the matches, groups and order that `String.matches(of:)` gave for the pattern in
/// its comment (kept as the oracle in `PatternScannerEquivalenceTests`), at a small fraction of the cost:
/// those patterns were most of the parser's time. Each pattern's quantifiers can only match one way, so a match
/// is found with no backtracking: a number must be a whole run of digits of an allowed length.
struct DatePatternScanner {
    /// One date-like match: its range (character offsets, including the non-digit before the number when there
    /// is one) and where each captured group sits.
    struct Match: Equatable {
        var range: Range<Int>
        var groups: [Range<Int>]
    }

    static let months: [[UInt8]] = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"].map { Array($0.utf8) }

    let text: CharacterCodes

    init(_ text: CharacterCodes) {
        self.text = text
    }

    /// `(?:^|[^0-9])([0-9]{1,2}) ?[/\-.] ?([0-9]{1,2}) ?[/\-.] ?([0-9]{4}|[0-9]{2})(?![0-9])`
    func numeric() -> [Match] {
        matches { start in
            guard let first = number(start, lengths: 1...2), let second = text.dateSeparator(at: first.upperBound).flatMap({ number($0, lengths: 1...2) }),
                  let year = text.dateSeparator(at: second.upperBound).flatMap({ number($0, lengths: [2, 4]) }) else { return nil }
            return [first, second, year]
        }
    }

    /// `(?:^|[^0-9])(20[0-9]{2}) ?[/\-.] ?([0-9]{1,2}) ?[/\-.] ?([0-9]{1,2})(?![0-9])`
    func yearFirst() -> [Match] {
        matches { start in
            guard let year = number(start, lengths: 4...4), text[start] == 0x32, text[start + 1] == 0x30,
                  let month = text.dateSeparator(at: year.upperBound).flatMap({ number($0, lengths: 1...2) }),
                  let day = text.dateSeparator(at: month.upperBound).flatMap({ number($0, lengths: 1...2) }) else { return nil }
            return [year, month, day]
        }
    }

    /// `(?:^|[^0-9])([0-9]{1,2})[ \-/.]*(JAN|…|DEC)[A-Z]*[ \-/.,']*([0-9]{4}|[0-9]{2})(?![0-9])`
    func dayMonthName() -> [Match] {
        matches { start in
            guard let day = number(start, lengths: 1...2) else { return nil }
            let monthStart = text.skip(from: day.upperBound) { $0 == 0x20 || $0 == 0x2D || $0 == 0x2F || $0 == 0x2E }
            guard let month = monthName(at: monthStart) else { return nil }
            let letters = text.skip(from: month.upperBound, while: Self.isCapital)
            let yearStart = text.skip(from: letters) { $0 == 0x20 || $0 == 0x2D || $0 == 0x2F || $0 == 0x2E || $0 == 0x2C || $0 == 0x27 }
            guard let year = number(yearStart, lengths: [2, 4]) else { return nil }
            return [day, month, year]
        }
    }

    /// `(JAN|…|DEC)[A-Z]*[ .\-]*([0-9]{1,2})(?:ST|ND|RD|TH)?[ ,.\-]+([0-9]{4})(?![0-9])` (no anchor before the month).
    func monthNameDay() -> [Match] {
        matches(anchored: false) { start in
            guard let month = monthName(at: start) else { return nil }
            let letters = text.skip(from: month.upperBound, while: Self.isCapital)
            guard let day = number(text.skip(from: letters) { $0 == 0x20 || $0 == 0x2E || $0 == 0x2D }, lengths: 1...2) else { return nil }
            var index = day.upperBound
            switch (text[index], text[index + 1]) {
            case (0x53, 0x54), (0x4E, 0x44), (0x52, 0x44), (0x54, 0x48): index += 2  // ST ND RD TH
            default: break
            }
            let yearStart = text.skip(from: index) { $0 == 0x20 || $0 == 0x2C || $0 == 0x2E || $0 == 0x2D }
            guard yearStart > index, let year = number(yearStart, lengths: 4...4) else { return nil }
            return [month, day, year]
        }
    }

    /// `(?:^|[^0-9])([0-9]{8})(?![0-9])`
    func compact() -> [Match] {
        matches { start in number(start, lengths: 8...8).map { [$0] } }
    }

    /// `(?:^|[^0-9])([0-9]{2})([0-9]{2}) ?[/\-.] ?(20[0-9]{2})(?![0-9])`: OCR's `1202/2018`.
    func slashOnce() -> [Match] {
        matches { start in
            guard let dayMonth = number(start, lengths: 4...4), let yearStart = text.dateSeparator(at: dayMonth.upperBound),
                  let year = number(yearStart, lengths: 4...4), text[yearStart] == 0x32, text[yearStart + 1] == 0x30 else { return nil }
            return [start..<(start + 2), (start + 2)..<dayMonth.upperBound, year]
        }
    }

    // MARK: - Matching

    /// Every match left to right, each search resuming where the last match ended, as `matches(of:)` does.
    /// `groups` is handed where the pattern's first group may start (after `(?:^|[^0-9])` when `anchored`).
    private func matches(anchored: Bool = true, _ groups: (Int) -> [Range<Int>]?) -> [Match] {
        var found: [Match] = []
        var position = 0
        while position < text.count {
            let start = anchored ? text.numberStart(position) { $0 &- 0x30 < 10 } : position
            if let start, let groups = groups(start), let end = groups.last?.upperBound {
                found.append(Match(range: position..<end, groups: groups))
                position = end
            } else {
                position += 1
            }
        }
        return found
    }

    /// A whole run of digits at `offset` whose length is allowed.
    private func number<Lengths: Sequence<Int>>(_ offset: Int, lengths: Lengths) -> Range<Int>? {
        let count = text.digits(at: offset)
        return lengths.contains(count) ? offset..<(offset + count) : nil
    }

    private func monthName(at offset: Int) -> Range<Int>? {
        guard offset + 3 <= text.count else { return nil }
        let name = text.codes[offset..<(offset + 3)]
        return Self.months.contains { $0.elementsEqual(name) } ? offset..<(offset + 3) : nil
    }

    private static func isCapital(_ code: UInt8) -> Bool { code &- 0x41 < 26 }
}
