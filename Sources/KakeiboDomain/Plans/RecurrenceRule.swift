/// When a periodic transaction falls: the part of hledger's period expressions that rules use
/// (`~ monthly from 2013/01`, `~ every Dec 20th from 2014`, `~ every 60 days from 2017/01/01 to
/// 2017/05/30`, `~ monthly in 2020`, `~ 2014/11/17`).
///
/// A rule with an interval repeats every `count` units: from `start` when it has one (its day
/// anchors the repeats), otherwise on the natural boundaries hledger uses (the 1st of the month,
/// quarter or year, Mondays), or on the `day` (and `month`) written. A rule without an interval
/// falls once, on `start`. `end` is exclusive, as in hledger.
public struct RecurrenceRule: Hashable, Sendable, CustomStringConvertible {
    public enum Unit: String, Hashable, Sendable, CaseIterable {
        case day, week, month, quarter, year

        /// Months per unit for the calendar units; nil for days and weeks.
        var months: Int? {
            switch self {
            case .day, .week: nil
            case .month: 1
            case .quarter: 3
            case .year: 12
            }
        }
    }

    /// Nil for a rule that falls once, on `start`.
    public var unit: Unit?
    /// Every `count` units (at least 1).
    public var count: Int
    /// The day of the month an occurrence falls on (`every 15th`, `every Dec 20th`), clamped to
    /// the month's length; nil for the start's day, or the 1st.
    public var day: Int?
    /// The month of a yearly rule written with one (`every Dec 20th`).
    public var month: Int?
    public var start: LocalDate?
    /// The first date no longer covered (exclusive); nil for a rule that never ends.
    public var end: LocalDate?
    /// The period expression as written, for people.
    public var text: String

    public init(unit: Unit?, count: Int = 1, day: Int? = nil, month: Int? = nil, start: LocalDate? = nil, end: LocalDate? = nil,
                text: String) {
        self.unit = unit; self.count = max(1, count); self.day = day; self.month = month
        self.start = start; self.end = end; self.text = text
    }

    public var description: String { text }

    /// Every date the rule falls on from `from` through `through`, in order. Bounded by the span
    /// asked for, whatever the rule's start: a rule from 2013 asked about 2026 skips ahead.
    public func occurrences(from: LocalDate, through: LocalDate) -> [LocalDate] {
        var lower = from
        if let start, start > lower { lower = start }
        var upper = through
        if let end { let last = end.adding(days: -1); if last < upper { upper = last } }
        guard lower <= upper else { return [] }
        guard let unit else {
            return start.map { lower <= $0 && $0 <= upper ? [$0] : [] } ?? []
        }
        var dates: [LocalDate] = []
        if let months = unit.months {
            let step = months * count
            let base = monthlyBase(months: months)
            let baseIndex = base.year * 12 + base.month - 1
            let lowerIndex = lower.year * 12 + lower.month - 1
            var k = max(0, (lowerIndex - baseIndex) / step - 1)
            while baseIndex + k * step <= 9999 * 12 + 11 {
                let date = base.adding(months: k * step)
                if date > upper { break }
                if date >= lower { dates.append(date) }
                k += 1
            }
        } else {
            let step = (unit == .week ? 7 : 1) * count
            let base: LocalDate
            if let start {
                base = start
            } else if unit == .week {
                base = lower.adding(days: 1 - lower.weekday)
            } else {
                base = lower
            }
            var k = max(0, (lower.daysSinceEpoch - base.daysSinceEpoch) / step - 1)
            while base.daysSinceEpoch + k * step <= upper.daysSinceEpoch {
                let date = base.adding(days: k * step)
                if date > upper { break }
                if date >= lower { dates.append(date) }
                k += 1
            }
        }
        return dates
    }

    /// The first occurrence a calendar rule counts from: its start (moved to the written day and
    /// month, on or after it), or the natural boundary of its unit.
    private func monthlyBase(months: Int) -> LocalDate {
        if let start {
            guard day != nil || month != nil else { return start }
            var candidate = Self.clamped(year: start.year, month: month ?? start.month, day: day ?? 1)
            while candidate < start { candidate = Self.clamped(year: candidate.year, month: candidate.month, day: day ?? 1).adding(months: months) }
            return Self.clamped(year: candidate.year, month: candidate.month, day: day ?? 1)
        }
        // No start: the year 1 boundary, so every unit's multiples line up with the calendar.
        let firstMonth = month ?? 1
        return Self.clamped(year: 1, month: firstMonth, day: day ?? 1)
    }

    static func clamped(year: Int, month: Int, day: Int) -> LocalDate {
        (try? LocalDate(year: year, month: month, day: min(day, LocalDate.daysIn(year: year, month: month))))!
    }
}
