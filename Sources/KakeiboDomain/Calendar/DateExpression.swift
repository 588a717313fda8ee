/// Dates and periods as an hledger user types them: `2026-10-05`, `today`, `yesterday`, `tomorrow`,
/// `11/05` (this year); periods `2026`, `2026-10`, `2026-Q3`, `2026-W44`, `this month`, `last year`….
public enum DateExpression {
    /// A half-open range of days: `begin` included, `end` excluded, as hledger's `-b`/`-e`.
    public struct Span: Hashable, Sendable {
        public var begin: LocalDate
        public var end: LocalDate
        public init(begin: LocalDate, end: LocalDate) { self.begin = begin; self.end = end }
    }

    public static func date(_ text: String, today: LocalDate) throws(DateError) -> LocalDate {
        let word = text.lowercased().trimmedOfSpaces
        switch word {
        case "today": return today
        case "yesterday": return today.adding(days: -1)
        case "tomorrow": return today.adding(days: 1)
        default: break
        }
        let parts = word.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 2, let month = Int(parts[0]), let day = Int(parts[1]), parts.allSatisfy({ (1...2).contains($0.count) }) {
            return try LocalDate(year: today.year, month: month, day: day)
        }
        do {
            return try LocalDate(iso: word)
        } catch .invalidFormat {
            throw .invalidFormat(text)
        }
    }

    /// The period a `-p` or `date:` value names; a single date is that one day.
    public static func span(_ text: String, today: LocalDate) throws(DateError) -> Span {
        let word = text.lowercased().trimmedOfSpaces
        let refuse = DateError.outOfRange(
            "bad period \"\(text)\": write 2026, 2026-10, 2026-Q3, 2026-W44, a date, this/last/next month|quarter|year|week, or FROM..TO")
        let halves = word.split(separator: "..", maxSplits: 1, omittingEmptySubsequences: false)
        if halves.count == 2 {
            let from = String(halves[0]), to = String(halves[1])
            let begin = from.isEmpty ? LocalDate(daysSinceEpoch: -719_162) : try span(from, today: today).begin
            let end = to.isEmpty ? LocalDate(year: 9999, month: 12, day: 31, orClamped: ()) : try span(to, today: today).begin
            return Span(begin: begin, end: end)
        }
        let words = word.split(separator: " ")
        if words.count == 2, let shift = ["last": -1, "this": 0, "next": 1][String(words[0])] {
            switch words[1] {
            case "day": return days(today.adding(days: shift), 1)
            case "week": let monday = today.adding(days: 1 - today.weekday).adding(days: 7 * shift); return days(monday, 7)
            case "month": return months(today.firstOfMonth.adding(months: shift), 1)
            case "quarter":
                let first = try LocalDate(year: today.year, month: (today.month - 1) / 3 * 3 + 1, day: 1)
                return months(first.adding(months: 3 * shift), 3)
            case "year": return months(try LocalDate(year: today.year + shift, month: 1, day: 1), 12)
            default: throw refuse
            }
        }
        if ["today", "yesterday", "tomorrow"].contains(word) || word.contains("/") || word.count == 10 {
            let day = try date(word, today: today)
            // A day's period ends the next day, and 10000-01-01 is no date: `bal -p 9999-12-31` trapped (found by
            // the command-line fuzzer, issue 29). Period years already stop at 9998.
            guard !(day.year == 9999 && day.month == 12 && day.day == 31) else {
                throw .outOfRange("bad period \"\(text)\": a period can end no later than 9999-12-31, so its last day is 9999-12-30")
            }
            return days(day, 1)
        }
        let bytes = Array(word.utf8)
        guard bytes.count >= 4, let year = Int(word.prefix(4)), bytes[0..<4].allSatisfy({ (0x30...0x39).contains($0) }),
              (1...9998).contains(year) else { throw refuse }
        let rest = word.dropFirst(4)
        if rest.isEmpty { return months(try LocalDate(year: year, month: 1, day: 1), 12) }
        // 2026-Q3 (ISO) or 2026q3 (hledger 1.25).
        let quarter = rest.hasPrefix("-q") ? rest.dropFirst(2) : rest.hasPrefix("q") ? rest.dropFirst() : nil
        if let quarter, quarter.count == 1, let q = Int(quarter), (1...4).contains(q) {
            return months(try LocalDate(year: year, month: 3 * q - 2, day: 1), 3)
        }
        if rest.hasPrefix("-w"), rest.count == 4, let w = Int(rest.dropFirst(2)), (1...53).contains(w) {
            let monday = ReportInterval.isoWeekOneMonday(year).adding(days: 7 * (w - 1))
            guard ReportInterval.weekly.bucket(of: monday).name == word.uppercased() else { throw refuse }
            return days(monday, 7)
        }
        if rest.hasPrefix("-"), rest.count == 3, let month = Int(rest.dropFirst()), (1...12).contains(month) {
            return months(try LocalDate(year: year, month: month, day: 1), 1)
        }
        throw refuse
    }

    static func days(_ begin: LocalDate, _ count: Int) -> Span { Span(begin: begin, end: begin.adding(days: count)) }
    static func months(_ begin: LocalDate, _ count: Int) -> Span { Span(begin: begin, end: begin.adding(months: count)) }
}

extension LocalDate {
    init(year: Int, month: Int, day: Int, orClamped: Void) {
        self = (try? LocalDate(year: year, month: month, day: day)) ?? LocalDate(daysSinceEpoch: 0)
    }
}

extension String {
    fileprivate var trimmedOfSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
