/// Which way OCR misreads a digit on blurred, bold or thermal print.
///
/// Ink spread closes a glyph's gaps far more often than fading opens them: 5 reads as 6 or 8, 3 as 9, 6 as 8. Of the
/// 90 one-digit date misreads in the dev set's date rows (page and closer readings), 72 were one of those four and 3
/// their reverse (8 as 6). So when two readings of one date differ only there, the open one is the likelier print.
public enum DigitFill {
    /// OCR at least this sure of a date's digits is trusted over the fill prior: fading opens gaps too (a 9 losing its
    /// top reads as 3), and a closer look at such a row only risks a misread.
    public static let sureConfidence = 0.95

    /// Each digit and what it reads as when one of its gaps fills in (only the pairs measured; 3 → 8 and 9 → 8 were not).
    static let closedForms: [Character: Set<Character>] = ["5": ["6", "8"], "3": ["9"], "6": ["8"]]

    /// Whether `open` is `closed` with some digits open: the same length, and every difference a digit of `open`
    /// whose gap, filled in, gives the digit of `closed` there (`2018-05-11` opens `2018-08-11`; not the reverse).
    public static func opens(_ open: String, _ closed: String) -> Bool {
        guard open != closed, open.count == closed.count else { return false }
        return zip(open, closed).allSatisfy { a, b in a == b || closedForms[a]?.contains(b) == true }
    }
}
