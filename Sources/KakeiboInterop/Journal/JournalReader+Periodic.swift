import KakeiboDomain

extension JournalReader {
    /// `~ PERIOD  description`: hledger's period expression, then postings like a transaction's.
    /// Read: `daily`, `weekly`, `biweekly`, `monthly`, `bimonthly`, `quarterly`, `yearly`;
    /// `every day|week|month|quarter|year`, `every N days|weeks|months|quarters|years`,
    /// `every Nth day [of month]`, `every Dec 20th`, `every 15th Aug`; then `from D`, `to D`,
    /// `until D`, `in D`, or a bare `D` (a year, month or date). A bare period with no interval
    /// (`~ 2014/11/17`, `~ 2020`) falls once, on its first day. Anything else is refused with its column.
    mutating func readPeriodicHeader(_ line: Substring, location: SourceLocation) throws(ImportError) {
        var text = line.dropFirst().trimmingSpaces()
        var description: String?
        if let gap = text.range(of: "  ") {
            description = try cleanText(text[gap.upperBound...].prefix { $0 != ";" }, at: location)
            text = text[..<gap.lowerBound]
        }
        text = text.prefix { $0 != ";" }.trimmingSpaces()
        let column = line.distance(from: line.startIndex, to: text.startIndex) + 1
        let rule = try Self.recurrence(String(text), at: location.at(column: column), defaultYear: defaultYear)
        let length: PeriodLength? = rule.end == nil && rule.count == 1 && rule.month == nil && (rule.day ?? 1) == 1
            ? (rule.unit == .month ? .monthly : rule.unit == .week && rule.day == nil ? .weekly : nil) : nil
        pending = PendingTransaction(location: location, date: rule.start ?? (try? LocalDate(year: 1970, month: 1, day: 1))!, status: .unmarked,
                                     code: nil, payee: description, note: nil, comments: [])
        pending!.periodic = Journal.PeriodicRule(location: location, length: length, from: rule.start, description: description,
                                                 postings: [], recurrence: rule)
    }

    static let monthNames = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// `dec`, `december` → 12.
    static func monthNumber(_ word: String) -> Int? {
        guard word.count >= 3 else { return nil }
        return monthNames.firstIndex { word.hasPrefix($0) && (word.count == 3 || fullMonthNames[monthNames.firstIndex(of: $0)!] == word) }.map { $0 + 1 }
    }

    static let fullMonthNames = ["january", "february", "march", "april", "may", "june", "july", "august", "september",
                                 "october", "november", "december"]

    /// `20th`, `1st`, `2nd`, `3rd`, or a plain `20` → 20.
    static func ordinal(_ word: String) -> Int? {
        var digits = Substring(word)
        for suffix in ["st", "nd", "rd", "th"] where digits.hasSuffix(suffix) { digits = digits.dropLast(2); break }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let value = Int(digits), (1...31).contains(value) else { return nil }
        return value
    }

    /// Parses a period expression; `location` is its first column.
    static func recurrence(_ text: String, at location: SourceLocation, defaultYear: Int?) throws(ImportError) -> RecurrenceRule {
        func refuse(_ why: String) -> ImportError {
            .unsupported(location, found: "the period \"\(text)\"",
                         hint: "\(why); write an hledger period such as ~ monthly from 2026-01-01, ~ every 2 weeks, ~ every Dec 20th or ~ 2026-11-17")
        }
        var words = text.lowercased().split(separator: " ").map(String.init)[...]
        var unit: RecurrenceRule.Unit?
        var count = 1
        var day: Int?
        var month: Int?
        let units: [String: RecurrenceRule.Unit] = ["day": .day, "week": .week, "month": .month, "quarter": .quarter, "year": .year]
        let adverbs: [String: (RecurrenceRule.Unit, Int)] = [
            "daily": (.day, 1), "weekly": (.week, 1), "biweekly": (.week, 2), "fortnightly": (.week, 2), "monthly": (.month, 1),
            "bimonthly": (.month, 2), "quarterly": (.quarter, 1), "yearly": (.year, 1), "annually": (.year, 1),
        ]
        if let first = words.first, let (u, n) = adverbs[first] {
            unit = u; count = n; words = words.dropFirst()
        } else if words.first == "every" {
            words = words.dropFirst()
            guard let next = words.first else { throw refuse("\"every\" needs what it repeats") }
            if let u = units[next] {
                unit = u; words = words.dropFirst()
            } else if let n = Int(next), n >= 1, let plural = words.dropFirst().first,
                      plural.hasSuffix("s"), let u = units[String(plural.dropLast())] {
                unit = u; count = n; words = words.dropFirst(2)
            } else if let d = ordinal(next), words.dropFirst().first == "day" {
                // every 2nd day of month (`of month` may be left out)
                unit = .month; day = d; words = words.dropFirst(2)
                if words.first == "of", words.dropFirst().first == "month" { words = words.dropFirst(2) }
                else if words.first == "of" { throw refuse("only `every Nth day of month` is read") }
            } else if let d = ordinal(next), let m = words.dropFirst().first.flatMap(monthNumber) {
                unit = .year; day = d; month = m; words = words.dropFirst(2)
            } else if let m = monthNumber(next), let d = words.dropFirst().first.flatMap(ordinal) {
                unit = .year; day = d; month = m; words = words.dropFirst(2)
            } else {
                throw refuse("\"every \(next)\" is not a period this importer reads")
            }
        }
        var start: LocalDate?
        var end: LocalDate?
        func date(_ word: String?) throws(ImportError) -> (start: LocalDate, end: LocalDate) {
            guard let word else { throw refuse("a date is missing") }
            return try periodSpan(Substring(word), at: location, defaultYear: defaultYear)
        }
        while let word = words.first {
            words = words.dropFirst()
            switch word {
            case "from", "since":
                start = try date(words.first).start; words = words.dropFirst()
            case "to", "until":
                end = try date(words.first).start; words = words.dropFirst()
            case "in":
                let span = try date(words.first); words = words.dropFirst()
                start = span.start; end = span.end
            default:
                guard start == nil, end == nil else { throw refuse("\"\(word)\" is not part of a period") }
                let span = try date(word)
                start = span.start
                if unit != nil { end = span.end }
            }
        }
        if unit == nil, start == nil { throw refuse("it has neither an interval nor a date") }
        if let start, let end, end <= start { throw refuse("it ends before it starts") }
        return RecurrenceRule(unit: unit, count: count, day: day, month: month, start: start, end: end, text: text)
    }

    /// `2026-01-15`, or `2026-01` and `2026` for the first day of that month or year, as hledger reads them.
    static func periodStart(_ text: Substring, at location: SourceLocation, defaultYear: Int?) throws(ImportError) -> LocalDate {
        try periodSpan(text, at: location, defaultYear: defaultYear).start
    }

    /// The period a date expression names: a year, a month or a day, as its first day and the day after it.
    static func periodSpan(_ text: Substring, at location: SourceLocation, defaultYear: Int?) throws(ImportError) -> (start: LocalDate, end: LocalDate) {
        let parts = text.split(whereSeparator: { "-/.".contains($0) })
        if parts.count == 1, parts[0].count == 4, let year = Int(parts[0]) {
            let start = try AmountSyntax.date("\(year)-01-01", at: location)
            return (start, start.adding(months: 12))
        }
        if parts.count == 2, parts[0].count == 4 {
            let start = try AmountSyntax.date(Substring("\(parts[0])-\(parts[1])-01"), at: location)
            return (start, start.adding(months: 1))
        }
        let day = try AmountSyntax.date(text, at: location, defaultYear: defaultYear)
        return (day, day.adding(days: 1))
    }

    /// Keeps a periodic rule's postings as written (the elided one is the balancing side). A
    /// `(expenses:food)  $500` posting is hledger's usual goal-budget form: kept like a real one.
    mutating func finishPeriodic(_ txn: PendingTransaction) throws(ImportError) {
        guard var rule = txn.periodic else { return }
        for posting in txn.postings {
            if posting.assertion != nil || posting.cost != nil || posting.virtual == .balanced {
                throw .unsupported(posting.location, found: "an assertion, cost or balanced virtual posting in a periodic transaction",
                                   hint: "a periodic transaction is a plan: give each posting its amount")
            }
            rule.postings.append(.init(location: posting.location, account: posting.account, amount: posting.amount))
        }
        journal.periodicRules.append(rule)
    }
}
