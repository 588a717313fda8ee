extension LocalDate {
    /// Reads a date written by `description` and nothing else.
    ///
    /// `init(iso:)` is lenient for people ("2026/01/05" works), but a stored date is covered by
    /// the hash chain through the text it re-encodes to. Text that parses but does not re-encode
    /// to the same bytes would let the stored row change while its hash still checks out, so
    /// reading it back is refused rather than normalised.
    ///
    /// `init(iso:)` takes exactly ten bytes with fixed-width digits and one separator used twice,
    /// so the separator is the only way its text can differ from `description`'s: checking it
    /// spares the format-and-compare this did on every event a replay or verify reads.
    public init(stored text: String) throws(DateError) {
        var bytes = text.utf8.makeIterator()
        for _ in 0..<4 { _ = bytes.next() }
        guard bytes.next() == UInt8(ascii: "-") else { throw .invalidFormat(text) }
        self = try LocalDate(iso: text)
    }
}
