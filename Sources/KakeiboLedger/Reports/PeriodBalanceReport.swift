import KakeiboDomain

/// Balances in columns, one per period (`-M`, `-W`, `-Q`, `-Y`), one row per account and currency.
public struct PeriodBalanceReport: Hashable, Sendable {
    public struct Row: Hashable, Sendable {
        public var account: String
        public var type: AccountType
        public var currency: Currency
        /// One amount per period, in `periods` order.
        public var amounts: [Money]
    }

    /// ISO names of the columns: `2026-10`, `2026-W44`, `2026-Q4`, `2026`.
    public var periods: [String]
    /// Sorted by account then currency; rows that are zero in every column are left out.
    public var rows: [Row]
    /// Each column's first and last day (both included), in `periods` order; empty without columns.
    /// With `-b`/`-e` the span is widened to whole periods, so these are whole weeks, months, quarters or years.
    public var spans: [Span] = []

    public struct Span: Hashable, Sendable {
        public var start: LocalDate
        public var end: LocalDate
    }
}
