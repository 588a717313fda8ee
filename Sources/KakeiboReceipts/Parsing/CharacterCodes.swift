/// Row text as one byte per `Character`, for the hand-written date and time scanners.
///
/// A character that is a single ASCII scalar is that byte; any other is `other`, which no pattern names.
/// This is how Swift's `Regex` treated these characters: `[0-9]`, `[A-Z]` and literals match only
/// single-scalar characters (`1́` is no digit, the Kelvin sign no `K`), and negated classes match the rest.
/// Offsets count characters, as `String.distance` does, so word confidences line up as before.
struct CharacterCodes {
    static let other: UInt8 = 0x80

    let codes: [UInt8]
    /// The characters, kept only when the text is not plain ASCII: word boundaries there need Unicode properties.
    let characters: [Character]?

    init(_ text: String) {
        var plain = true
        var afterCR = false
        for byte in text.utf8 {
            // CR LF is one character.
            if byte >= 0x80 || (afterCR && byte == 0x0A) {
                plain = false
                break
            }
            afterCR = byte == 0x0D
        }
        if plain {
            codes = Array(text.utf8)
            characters = nil
        } else {
            let characters = Array(text)
            codes = characters.map { character in
                let scalars = character.unicodeScalars
                guard scalars.count == 1, let scalar = scalars.first, scalar.isASCII else { return Self.other }
                return UInt8(scalar.value)
            }
            self.characters = characters
        }
    }

    var count: Int { codes.count }

    subscript(offset: Int) -> UInt8 { offset < codes.count ? codes[offset] : 0 }

    func isDigit(_ offset: Int) -> Bool { offset < codes.count && codes[offset] &- 0x30 < 10 }

    /// How many digits start at `offset`.
    func digits(at offset: Int) -> Int {
        var end = offset
        while isDigit(end) { end += 1 }
        return end - offset
    }

    /// The decimal value of `count` digits at `offset`.
    func number(at offset: Int, count: Int) -> Int {
        var value = 0
        for index in offset..<(offset + count) { value = value * 10 + Int(codes[index] - 0x30) }
        return value
    }

    /// Where a number may start for a pattern opening `(?:^|[^…])`: at the very start, or after one character
    /// the class allows (never a digit). Nil when `offset` cannot open a match.
    func numberStart(_ offset: Int, notAfter excluded: (UInt8) -> Bool) -> Int? {
        guard offset < codes.count else { return nil }
        if isDigit(offset) { return offset == 0 ? 0 : nil }
        return excluded(codes[offset]) ? nil : offset + 1
    }

    /// ` ?[/\-.] ?`: the offset after it, or nil.
    func dateSeparator(at offset: Int) -> Int? {
        var index = offset
        if self[index] == 0x20 { index += 1 }
        guard self[index] == 0x2F || self[index] == 0x2D || self[index] == 0x2E else { return nil }
        index += 1
        if self[index] == 0x20 { index += 1 }
        return index
    }

    /// The offset after a run of characters in `set`.
    func skip(from offset: Int, while set: (UInt8) -> Bool) -> Int {
        var index = offset
        while index < codes.count, set(codes[index]) { index += 1 }
        return index
    }

    /// Regex's `\b` (Unicode default word boundaries, UAX #29) at `offset`, which follows an ASCII letter.
    func isWordBoundary(at offset: Int) -> Bool {
        guard offset < codes.count else { return true }
        guard let characters else { return Self.boundaryAfterLetter(codes[offset], then: self[offset + 1], hasNext: offset + 1 < codes.count) }
        // Scalars from `offset` on: the class of the next one decides, or for `.` `:` `'` the one after those.
        var scalars = characters[offset...].lazy.flatMap(\.unicodeScalars).makeIterator()
        guard let next = scalars.next() else { return true }
        switch WordBreak(next) {
        case .letter, .numeric, .extendNumLet, .ignored: return false
        case .mid:
            while let scalar = scalars.next() {
                let kind = WordBreak(scalar)
                if kind == .ignored { continue }
                return kind != .letter
            }
            return true
        case .other: return true
        }
    }

    /// The same for plain ASCII: a letter, digit or `_` continues the word; so does `.`, `:` or `'` before a letter.
    private static func boundaryAfterLetter(_ next: UInt8, then after: UInt8, hasNext: Bool) -> Bool {
        switch WordBreak(ascii: next) {
        case .letter, .numeric, .extendNumLet, .ignored: return false
        case .mid: return !(hasNext && WordBreak(ascii: after) == .letter)
        case .other: return true
        }
    }
}
