/// A word or phrase `KeywordMatcher` looks for, prepared once.
///
/// Every row is asked about some 80 keywords; working out each keyword's bytes, spaces and allowed edit
/// distance on every question cost a fifth of a parse. Keep the keyword sets in `static let`s so this
/// happens once per process.
struct Keyword: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The keyword as written, with its spaces (`SUB TOTAL` also finds `SUBTOTAL` and `SUB TOT AL`).
    let text: String
    /// The keyword without its spaces, as bytes; nil unless every byte is printable ASCII, which sends the
    /// keyword through `Character` comparison.
    let compact: [UInt8]?
    /// Whether `text` holds a space: such a keyword may span words.
    let spaced: Bool
    /// Edits still counted as a match: 2 from seven characters on, 1 from four, none below (spaces counted).
    let allowed: Int

    init(_ text: String) {
        self.text = text
        let printable = text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
        compact = printable ? text.utf8.filter { $0 != 0x20 } : nil
        spaced = text.utf8.contains(0x20)
        let count = text.count
        allowed = count >= 7 ? 2 : (count >= 4 ? 1 : 0)
    }

    init(stringLiteral text: String) {
        self.init(text)
    }
}
