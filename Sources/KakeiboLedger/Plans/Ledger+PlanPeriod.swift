import KakeiboDomain

extension Ledger {
    /// A plan report's period from what was typed: a length (`monthly`, `weekly`) gives the one holding `asOf`, else
    /// the ledger's today; anything else is a label (`2026-11`, `2026-W47`). Nil when nothing was typed. Here rather
    /// than in the CLI (issue 35), beside the budget report it feeds.
    public func planPeriod(_ text: String?, asOf: LocalDate? = nil) throws -> PlanPeriod? {
        guard let text else { return nil }
        if let length = PeriodLength(rawValue: text) { return length.period(containing: try asOf ?? today()) }
        return try PlanPeriod(label: text)
    }
}
