extension FreeText {
    /// Characters that draw nothing and join or break nothing a script needs: zero-width space, word joiner,
    /// a byte-order mark inside text, the Mongolian vowel separator and the soft hyphen.
    static let invisible: Set<UInt32> = [0x200B, 0x2060, 0xFEFF, 0x180E, 0x00AD]

    /// The first invisible character in `text` that is there by mistake, or nil: one of `invisible`, or a
    /// zero-width joiner or non-joiner (U+200D, U+200C) beside an ASCII character. Between emoji (👨‍👩‍👧) and in
    /// Persian or Indic words they shape the text, so they stay there; between Latin letters they only make
    /// `a‌b` look like `ab` (issue 29, B23).
    public static func strayInvisible(in text: some StringProtocol) -> Unicode.Scalar? {
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            if invisible.contains(scalar.value) { return scalar }
            guard scalar.value == 0x200C || scalar.value == 0x200D else { continue }
            let before = index > 0 ? scalars[index - 1] : nil, after = index + 1 < scalars.count ? scalars[index + 1] : nil
            if before.map(\.isASCII) ?? true || after.map(\.isASCII) ?? true { return scalar }
        }
        return nil
    }
}
