import KakeiboDomain

extension JournalReader {
    /// `~ monthly from 2026-01  description`: the period, then postings like a transaction's.
    /// Monthly and weekly rules (`monthly`, `weekly`, `every month`, `every week`), with an
    /// optional `from` date, are read; other period expressions are refused with their column.
    mutating func readPeriodicHeader(_ line: Substring, location: SourceLocation) throws(ImportError) {
        var text = line.dropFirst().trimmingSpaces()
        var description: String?
        if let gap = text.range(of: "  ") {
            description = try cleanText(text[gap.upperBound...].prefix { $0 != ";" }, at: location)
            text = text[..<gap.lowerBound]
        }
        text = text.prefix { $0 != ";" }.trimmingSpaces()
        let column = line.distance(from: line.startIndex, to: text.startIndex) + 1
        var words = text.lowercased().split(separator: " ").map(String.init)[...]
        let length: PeriodLength
        switch words.first {
        case "monthly": length = .monthly; words = words.dropFirst()
        case "weekly": length = .weekly; words = words.dropFirst()
        case "every" where words.dropFirst().first == "month": length = .monthly; words = words.dropFirst(2)
        case "every" where words.dropFirst().first == "week": length = .weekly; words = words.dropFirst(2)
        default:
            throw .unsupported(location.at(column: column), found: "the period \"\(text)\"",
                               hint: "periodic transactions are imported as monthly or weekly budgets: ~ monthly from 2026-01-01")
        }
        var from: LocalDate?
        if words.first == "from", words.count == 2, let date = words.last {
            from = try Self.periodStart(Substring(date), at: location.at(column: column), defaultYear: defaultYear)
        } else if !words.isEmpty {
            throw .unsupported(location.at(column: column), found: "the period \"\(text)\"",
                               hint: "write ~ monthly or ~ weekly, with at most a `from` date")
        }
        pending = PendingTransaction(location: location, date: from ?? (try? LocalDate(year: 1970, month: 1, day: 1))!, status: .unmarked, code: nil,
                                     payee: description, note: nil, comments: [])
        pending!.periodic = Journal.PeriodicRule(location: location, length: length, from: from, description: description, postings: [])
    }

    /// `2026-01-15`, or `2026-01` and `2026` for the first day of that month or year, as hledger reads them.
    static func periodStart(_ text: Substring, at location: SourceLocation, defaultYear: Int?) throws(ImportError) -> LocalDate {
        let parts = text.split(whereSeparator: { "-/.".contains($0) })
        if parts.count == 1, parts[0].count == 4, let year = Int(parts[0]) {
            return try AmountSyntax.date("\(year)-01-01", at: location)
        }
        if parts.count == 2, parts[0].count == 4 { return try AmountSyntax.date(Substring("\(parts[0])-\(parts[1])-01"), at: location) }
        return try AmountSyntax.date(text, at: location, defaultYear: defaultYear)
    }

    /// Keeps a periodic rule's postings as written (the elided one is the funding side). A
    /// `(expenses:food)  $500` posting is hledger's usual goal-budget form: kept like a real one.
    mutating func finishPeriodic(_ txn: PendingTransaction) throws(ImportError) {
        guard var rule = txn.periodic else { return }
        for posting in txn.postings {
            if posting.assertion != nil || posting.cost != nil || posting.virtual == .balanced {
                throw .unsupported(posting.location, found: "an assertion, cost or virtual posting in a periodic transaction",
                                   hint: "a periodic transaction becomes a budget: give each expense its amount")
            }
            rule.postings.append(.init(location: posting.location, account: posting.account, amount: posting.amount))
        }
        journal.periodicRules.append(rule)
    }
}
