/// Finds the printed times `TimeExtractor` reads, in upper-cased row text, without `Regex`.
///
/// Each method gives exactly the matches `String.matches(of:)` gave for the pattern in its comment (kept as the
/// oracle in `PatternScannerEquivalenceTests`), in the same order.
struct TimeScanner {
    /// One time-like match: hour, minute, seconds when printed, and `A` or `P` when a meridiem follows.
    struct Match: Equatable {
        var range: Range<Int>
        var hour: Int
        var minute: Int
        var seconds: Int?
        var meridiem: UInt8?
    }

    let text: CharacterCodes

    init(_ text: CharacterCodes) {
        self.text = text
    }

    /// `(?:^|[^0-9:])([0-9]{1,2}) ?: ?([0-9]{2})(?: ?: ?([0-9]{2}))?(?![0-9])(?: ?([AP])\.? ?M\b\.?)?`
    func colon() -> [Match] {
        matches(notAfter: { $0 &- 0x30 < 10 || $0 == 0x3A }) { start in
            let hourLength = text.digits(at: start)
            guard hourLength == 1 || hourLength == 2, let minute = colonPair(at: start + hourLength) else { return nil }
            // Seconds only when no digit follows them; else the time ends at the minutes, which no digit may follow.
            if let second = colonPair(at: minute + 2), !text.isDigit(second + 2) {
                return (hourLength, minute, second, second + 2)
            }
            return text.isDigit(minute + 2) ? nil : (hourLength, minute, nil, minute + 2)
        }
    }

    /// `(?:^|[^0-9.,])([0-9]{1,2})\.([0-9]{2})(?![0-9.,])(?: ?([AP])\.? ?M\b\.?)?`
    func dotted() -> [Match] {
        matches(notAfter: { $0 &- 0x30 < 10 || $0 == 0x2E || $0 == 0x2C }) { start in
            let hourLength = text.digits(at: start)
            let minute = start + hourLength + 1
            guard hourLength == 1 || hourLength == 2, text[start + hourLength] == 0x2E, text.isDigit(minute), text.isDigit(minute + 1) else { return nil }
            let after = text[minute + 2]
            guard minute + 2 >= text.count || !(after &- 0x30 < 10 || after == 0x2E || after == 0x2C) else { return nil }
            return (hourLength, minute, nil, minute + 2)
        }
    }

    // MARK: - Matching

    /// ` ?: ?[0-9]{2}`: where the two digits start, or nil.
    private func colonPair(at offset: Int) -> Int? {
        var index = offset
        if text[index] == 0x20 { index += 1 }
        guard text[index] == 0x3A else { return nil }
        index += 1
        if text[index] == 0x20 { index += 1 }
        return text.isDigit(index) && text.isDigit(index + 1) ? index : nil
    }

    /// ` ?([AP])\.? ?M\b\.?` at `offset`: the letter and where it ends, or nil when there is none.
    private func meridiem(at offset: Int) -> (letter: UInt8, end: Int)? {
        var index = offset
        if text[index] == 0x20 { index += 1 }
        let letter = text[index]
        guard letter == 0x41 || letter == 0x50 else { return nil }
        index += 1
        if text[index] == 0x2E { index += 1 }
        if text[index] == 0x20 { index += 1 }
        guard text[index] == 0x4D, text.isWordBoundary(at: index + 1) else { return nil }
        index += 1
        if text[index] == 0x2E { index += 1 }
        return (letter, index)
    }

    /// Every match left to right, as `matches(of:)` gives them. `time` reads one at a number's start:
    /// (hour length, minute offset, seconds offset, end before the meridiem).
    private func matches(notAfter excluded: (UInt8) -> Bool, _ time: (Int) -> (Int, Int, Int?, Int)?) -> [Match] {
        var found: [Match] = []
        var position = 0
        while position < text.count {
            guard let start = text.numberStart(position, notAfter: excluded),
                  let (hourLength, minute, second, end) = time(start) else {
                position += 1
                continue
            }
            let meridiem = meridiem(at: end)
            let stop = meridiem?.end ?? end
            found.append(Match(range: position..<stop, hour: text.number(at: start, count: hourLength), minute: text.number(at: minute, count: 2),
                               seconds: second.map { text.number(at: $0, count: 2) }, meridiem: meridiem?.letter))
            position = stop
        }
        return found
    }
}
