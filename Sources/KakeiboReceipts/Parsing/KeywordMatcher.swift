/// Finds receipt keywords in a row despite OCR errors (`T0TAL`, `TOTAI`, `SUBT0TAL`).
///
/// Rows are matched against dozens of keywords each, so words are compared as one byte per `Character` (a
/// single ASCII scalar is itself, the Kelvin sign is `K` as `==` says, anything else equals no keyword letter),
/// with a bounded edit distance and no allocation. Only finding a spaced keyword inside the run-together text of
/// a row that is not plain ASCII still goes through `String`. `KeywordMatcherEquivalenceTests` checks the answers
/// against the `Character` implementation this replaced.
struct KeywordMatcher: Sendable {
    /// The row's words, upper-cased, digits that OCR confuses with letters mapped back, punctuation dropped.
    let words: [String]
    /// All words run together, to catch `SUBTOTAL` split as `SUB TOTAL` and vice versa.
    let joined: String
    /// `joined` as one byte per character, and where each word sits in it.
    private let codes: Codes

    private struct Codes {
        var joined: [UInt8]
        var words: [Range<Int>]
        /// Plain ASCII: bytes are characters, so `joined` can be searched as bytes too.
        var plain: Bool
        /// Words run together have as many characters as their codes (no word's first character joins the previous
        /// word's last), so windows of whole words can be measured in codes.
        var windows: Bool
        /// Bit n set when some word is n codes long (63: that long or longer): a keyword only a few edits from a
        /// word has about its length, so most keywords are ruled out by one AND.
        var lengths: UInt64

        init(joined: [UInt8], words: [Range<Int>], plain: Bool, windows: Bool) {
            self.joined = joined
            self.words = words
            self.plain = plain
            self.windows = windows
            lengths = words.reduce(0) { $0 | (1 << UInt64(min($1.count, 63))) }
        }

        /// Whether some word is between `shortest` and `longest` codes long.
        func hasWord(from shortest: Int, to longest: Int) -> Bool {
            let low = UInt64(max(shortest, 0)), high = UInt64(min(longest, 63))
            guard low <= high else { return lengths >> 63 != 0 }
            let span = high - low + 1
            let mask = (span == 64 ? UInt64.max : (1 << span) - 1) << low
            return lengths & mask != 0
        }
    }

    init(_ text: String) {
        if let (joined, bounds) = Self.asciiWords(text) {
            words = bounds.map { String(decoding: joined[$0], as: UTF8.self) }
            self.joined = String(decoding: joined, as: UTF8.self)
            codes = Codes(joined: joined, words: bounds, plain: true, windows: true)
        } else {
            words = Self.characterWords(text)
            joined = words.joined()
            var codes: [UInt8] = []
            var bounds: [Range<Int>] = []
            for word in words {
                let start = codes.count
                codes += word.map(Self.code)
                bounds.append(start..<codes.count)
            }
            self.codes = Codes(joined: codes, words: bounds, plain: false, windows: joined.count == codes.count)
        }
    }

    /// A single ASCII scalar is itself; the Kelvin sign is `K` (the only letter `==` to an ASCII one); any other
    /// character is 0x80, which equals no keyword's letter.
    private static func code(_ character: Character) -> UInt8 {
        let scalars = character.unicodeScalars
        guard scalars.count == 1, let scalar = scalars.first else { return 0x80 }
        return scalar.isASCII ? UInt8(scalar.value) : scalar.value == 0x212A ? 0x4B : 0x80
    }

    /// The words of a plain-ASCII row, run together, and where each sits; nil for any other row.
    private static func asciiWords(_ text: String) -> ([UInt8], [Range<Int>])? {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        var joined: [UInt8] = []
        var bounds: [Range<Int>] = []
        var start = 0
        // Keeps the word just read unless it is only O, I and S (those came from digits).
        func endWord() {
            if joined[start...].contains(where: { $0 != 0x4F && $0 != 0x49 && $0 != 0x53 }) {
                bounds.append(start..<joined.count)
            } else {
                joined.removeSubrange(start...)
            }
            start = joined.count
        }
        for byte in text.utf8 {
            let upper = byte &- 0x61 < 26 ? byte - 0x20 : byte
            switch upper {
            case 0x41...0x5A: joined.append(upper)
            case 0x30: joined.append(0x4F)  // 0 → O
            case 0x31, 0x7C: joined.append(0x49)  // 1, | → I
            case 0x35 where joined.count > start: joined.append(0x53)  // 5 → S inside a word
            default: if joined.count > start { endWord() }
            }
        }
        if joined.count > start { endWord() }
        return (joined, bounds)
    }

    private static func characterWords(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in text.uppercased() {
            if character.isLetter {
                current.append(character)
            } else if character == "0" {
                current.append("O")
            } else if character == "1" || character == "|" {
                current.append("I")
            } else if character == "5" && !current.isEmpty {
                current.append("S")
            } else {
                if !current.isEmpty { words.append(current) }
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        // Words made only of O, I and S came from digits.
        return words.filter { $0.contains { !"OIS".contains($0) } }
    }

    /// True if some word is within the edit distance allowed for `keyword`'s length.
    func contains(_ keyword: Keyword) -> Bool {
        guard let compact = keyword.compact else { return characterContains(keyword.text) }
        if !keyword.spaced {
            return codes.hasWord(from: compact.count - keyword.allowed, to: compact.count + keyword.allowed)
                && Self.contains(compact, allowed: keyword.allowed, words: codes.words, in: codes.joined)
        }
        if codes.plain || codes.windows {
            // Codes stand for characters one to one here, so the run-together text is searched as codes too.
            return Self.contains(spanning: compact, allowed: keyword.allowed, words: codes.words, in: codes.joined)
        }
        return characterContains(keyword.text)
    }

    /// `contains` through `Character`s, as it was before codes.
    private func characterContains(_ keyword: String) -> Bool {
        let allowed = keyword.count >= 7 ? 2 : (keyword.count >= 4 ? 1 : 0)
        if keyword.contains(" ") {
            let target = keyword.filter { $0 != " " }
            return joined.contains(target) || windowMatch(target, allowed: allowed)
        }
        return words.contains { word in
            word == keyword || (allowed > 0 && abs(word.count - keyword.count) <= allowed && Similarity.editDistance(word, keyword) <= allowed)
        }
    }

    func containsAny(_ keywords: [Keyword]) -> Bool {
        keywords.contains { contains($0) }
    }

    private func windowMatch(_ target: String, allowed: Int) -> Bool {
        for start in words.indices {
            var text = ""
            for word in words[start...] {
                text += word
                if text.count >= target.count - allowed {
                    if Similarity.editDistance(text, target) <= allowed { return true }
                    if text.count > target.count + allowed { break }
                }
            }
        }
        return false
    }

    // MARK: - Codes

    /// `contains` over codes for a keyword without spaces: some word equals it or is within `allowed` edits.
    private static func contains(_ keyword: [UInt8], allowed: Int, words: [Range<Int>], in joined: [UInt8]) -> Bool {
        keyword.withUnsafeBufferPointer { keyword in
            joined.withUnsafeBufferPointer { joined in
                words.contains { word in
                    let text = UnsafeBufferPointer(rebasing: joined[word])
                    return text.elementsEqual(keyword) || (allowed > 0 && isWithin(allowed, text, keyword))
                }
            }
        }
    }

    /// `contains` over codes for a spaced keyword (`target` is it without spaces): inside the run-together text,
    /// or within `allowed` edits of a run of whole words.
    private static func contains(spanning target: [UInt8], allowed: Int, words: [Range<Int>], in joined: [UInt8]) -> Bool {
        let length = target.count
        guard joined.count >= length - allowed else { return false }
        return target.withUnsafeBufferPointer { target in
            joined.withUnsafeBufferPointer { joined in
                if occurs(target, in: joined) { return true }
                // Runs of whole words whose length reaches target − allowed, up to the first longer than target + allowed.
                for start in words.indices {
                    for end in words[start...] {
                        let count = end.upperBound - words[start].lowerBound
                        guard count >= length - allowed else { continue }
                        if isWithin(allowed, UnsafeBufferPointer(rebasing: joined[words[start].lowerBound..<end.upperBound]), target) { return true }
                        if count > length + allowed { break }
                    }
                }
                return false
            }
        }
    }

    private static func occurs(_ target: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard target.count <= text.count else { return false }
        if target.isEmpty { return true }
        for start in 0...(text.count - target.count) where text[start] == target[0] {
            if UnsafeBufferPointer(rebasing: text[start..<(start + target.count)]).elementsEqual(target) { return true }
        }
        return false
    }

    /// Whether the edit distance of `a` and `b` is at most `limit` (the same distance as `Similarity.editDistance`).
    /// Only the band of cells within `limit` of the diagonal is computed: any other cell is already past the limit.
    static func isWithin(_ limit: Int, _ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard abs(a.count - b.count) <= limit else { return false }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) <= limit }
        // Distances are capped at `over`: past the limit, how far past no longer matters.
        let over = limit + 1
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * (b.count + 2)) { rows in
            var previous = UnsafeMutableBufferPointer(rebasing: rows[0...(b.count + 1)])
            var current = UnsafeMutableBufferPointer(rebasing: rows[(b.count + 2)...])
            for j in 0...(b.count + 1) { previous[j] = min(j, over) }
            for i in 1...a.count {
                let low = max(1, i - limit), high = min(b.count, i + limit)
                current[low - 1] = low == 1 ? min(i, over) : over
                var smallest = current[low - 1]
                for j in low...high {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost, over)
                    smallest = min(smallest, current[j])
                }
                current[high + 1] = over
                // Every path runs through this row: past the limit here, past it at the end.
                if smallest > limit { return false }
                swap(&previous, &current)
            }
            return previous[b.count] <= limit
        }
    }
}
