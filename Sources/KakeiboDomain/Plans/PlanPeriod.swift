/// One concrete budget or goal period: a calendar month (`2026-11`) or an ISO week (`2026-W47`).
///
/// Periods are labelled the way people write them, and walk forward one at a time so rollover
/// can carry what is left from each period into the next.
public struct PlanPeriod: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let length: PeriodLength
    /// The first day: the 1st of the month, or the Monday of the ISO week.
    public let start: LocalDate

    init(length: PeriodLength, start: LocalDate) {
        self.length = length
        self.start = start
    }

    /// The last day, inclusive.
    public var end: LocalDate {
        switch length {
        case .monthly: start.adding(months: 1).adding(days: -1)
        case .weekly: start.adding(days: 6)
        }
    }

    public var dayCount: Int { end.daysSinceEpoch - start.daysSinceEpoch + 1 }

    public var next: PlanPeriod {
        PlanPeriod(length: length, start: length == .monthly ? start.adding(months: 1) : start.adding(days: 7))
    }

    public var previous: PlanPeriod {
        PlanPeriod(length: length, start: length == .monthly ? start.adding(months: -1) : start.adding(days: -7))
    }

    public func contains(_ date: LocalDate) -> Bool { start <= date && date <= end }

    /// `2026-11` for a month; `2026-W47` for an ISO week (the week belongs to the year of its Thursday).
    public var description: String {
        switch length {
        case .monthly:
            return String(start.description.prefix(7))
        case .weekly:
            let thursday = start.adding(days: 3)
            let januaryFirst = LocalDate(daysSinceEpoch: thursday.daysSinceEpoch - Self.dayOfYear(thursday) + 1)
            let week = (thursday.daysSinceEpoch - januaryFirst.daysSinceEpoch) / 7 + 1
            return "\(String(thursday.description.prefix(4)))-W\(week < 10 ? "0" : "")\(week)"
        }
    }

    /// Reads `2026-11` or `2026-W47` (`2026-w47` too).
    public init(label text: String) throws(LedgerError) {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for i in range {
                guard bytes.indices.contains(i), (0x30...0x39).contains(bytes[i]) else { return nil }
                value = value * 10 + Int(bytes[i] - 0x30)
            }
            return value
        }
        guard bytes.count == 7 || bytes.count == 8, let year = number(0..<4), bytes[4] == UInt8(ascii: "-"),
              Self.supportedYears.contains(year) else {
            throw .invalidPeriod(text)
        }
        if bytes.count == 7, let month = number(5..<7) {
            guard let first = try? LocalDate(year: year, month: month, day: 1) else { throw .invalidPeriod(text) }
            self.init(length: .monthly, start: first)
            return
        }
        guard bytes.count == 8, bytes[5] == UInt8(ascii: "W") || bytes[5] == UInt8(ascii: "w"), let week = number(6..<8),
              week >= 1 else {
            throw .invalidPeriod(text)
        }
        // January 4th is always in week 1.
        guard let january4 = try? LocalDate(year: year, month: 1, day: 4) else { throw .invalidPeriod(text) }
        let mondayOfWeek1 = january4.adding(days: 1 - january4.weekday)
        let candidate = PlanPeriod(length: .weekly, start: mondayOfWeek1.adding(days: 7 * (week - 1)))
        guard candidate.description == String(decoding: bytes[0..<5], as: UTF8.self) + "W" + String(decoding: bytes[6..<8], as: UTF8.self) else {
            throw .invalidPeriod(text) // week 53 in a year that has only 52
        }
        self = candidate
    }

    public static func < (lhs: PlanPeriod, rhs: PlanPeriod) -> Bool { lhs.start < rhs.start }

    /// Plans walk periods back and forth (history, rollover, the next period), so their dates stay
    /// well inside the calendar's 1…9999 range.
    public static let supportedYears = 1900...2999

    /// Refuses a plan or report date outside `supportedYears`.
    public static func check(_ date: LocalDate) throws(LedgerError) {
        guard supportedYears.contains(date.year) else {
            throw .date(.outOfRange("\(date) is outside the years \(supportedYears.lowerBound) to \(supportedYears.upperBound) that budgets, goals, forecasts and widgets cover"))
        }
    }

    private static func dayOfYear(_ date: LocalDate) -> Int {
        // The 1st of January of the date's year, found by walking back through its months.
        date.daysSinceEpoch - date.adding(months: 1 - date.month).firstOfMonth.daysSinceEpoch + 1
    }
}
