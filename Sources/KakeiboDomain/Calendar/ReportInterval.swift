/// The column width of a periodic report (`-M`, `-W`, `-Q`, `-Y`), and the ISO name of each column.
public enum ReportInterval: String, Hashable, Sendable, CaseIterable {
    case weekly, monthly, quarterly, yearly

    /// The period holding `date`: its ISO name (`2026-W44`, `2026-10`, `2026-Q4`, `2026`) and first day.
    public func bucket(of date: LocalDate) -> (name: String, begin: LocalDate) {
        switch self {
        case .yearly:
            return (pad(date.year, 4), LocalDate(year: date.year, month: 1, day: 1, orClamped: ()))
        case .quarterly:
            let q = (date.month - 1) / 3 + 1
            return ("\(pad(date.year, 4))-Q\(q)", LocalDate(year: date.year, month: 3 * q - 2, day: 1, orClamped: ()))
        case .monthly:
            return ("\(pad(date.year, 4))-\(pad(date.month, 2))", date.firstOfMonth)
        case .weekly:
            let monday = date.adding(days: 1 - date.weekday)
            let thursday = monday.adding(days: 3)
            let week = (thursday.daysSinceEpoch - Self.isoWeekOneMonday(thursday.year).daysSinceEpoch) / 7 + 1
            return ("\(pad(thursday.year, 4))-W\(pad(week, 2))", monday)
        }
    }

    /// The first day of the next period after the one starting at `begin`.
    public func next(after begin: LocalDate) -> LocalDate {
        switch self {
        case .weekly: return begin.adding(days: 7)
        case .monthly: return begin.adding(months: 1)
        case .quarterly: return begin.adding(months: 3)
        case .yearly: return begin.adding(months: 12)
        }
    }

    /// The Monday of ISO week 1: the week holding January 4th.
    static func isoWeekOneMonday(_ year: Int) -> LocalDate {
        let january4 = LocalDate(year: year, month: 1, day: 4, orClamped: ())
        return january4.adding(days: 1 - january4.weekday)
    }

    private func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
