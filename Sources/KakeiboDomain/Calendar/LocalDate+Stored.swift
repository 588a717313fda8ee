extension LocalDate {
    /// Reads a date written by `description` and nothing else.
    ///
    /// `init(iso:)` is lenient for people ("2026/01/05" works), but a stored date is covered by
    /// the hash chain through the text it re-encodes to. Text that parses but does not re-encode
    /// to the same bytes would let the stored row change while its hash still checks out, so
    /// reading it back is refused rather than normalised.
    public init(stored text: String) throws(DateError) {
        let date = try LocalDate(iso: text)
        guard date.description == text else { throw .invalidFormat(text) }
        self = date
    }
}
