extension LocalDate {
    /// The day after, or nil after 9999-12-31, the last day a `LocalDate` holds: an exclusive end computed from an
    /// inclusive one (`--as-of 9999-12-31`) then means "no end" instead of a trap (found by the command-line fuzzer,
    /// issue 29).
    public var nextDay: LocalDate? {
        year == 9999 && month == 12 && day == 31 ? nil : adding(days: 1)
    }
}
