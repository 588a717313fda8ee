// Forecast rules (issue 20): a journal's `~` periodic transactions that are not expense budgets
// (`~ monthly  income:salary  $-3000  assets:checking`, `~ every Dec 20th`, one-off plans) are
// kept as they were written and `forecast` lists what they will post.

extension LedgerEvent {
    /// A recurring plan: on every date of `recurrence`, these lines. The line with no amount
    /// takes what balances the others, per commodity, as the journal's elided posting did.
    public struct ForecastRuleSet: Hashable, Sendable {
        public struct Line: Hashable, Sendable {
            public var accountID: String
            public var amount: Money?
            public init(accountID: String, amount: Money?) { self.accountID = accountID; self.amount = amount }
        }

        public var recurrence: RecurrenceRule
        public var description: String?
        public var lines: [Line]
        public init(recurrence: RecurrenceRule, description: String?, lines: [Line]) {
            self.recurrence = recurrence; self.description = description; self.lines = lines
        }

        /// The payload: the period as written and as read, and the lines (minor units, with
        /// `digits` beside a commodity outside the ISO table, as postings carry them).
        var json: JSONValue {
            let r = recurrence
            var rule: [String: JSONValue] = ["text": .string(r.text), "count": .int(Int64(r.count))]
            rule["unit"] = r.unit.map { .string($0.rawValue) } ?? .null
            rule["day"] = r.day.map { .int(Int64($0)) } ?? .null
            rule["month"] = r.month.map { .int(Int64($0)) } ?? .null
            rule["start"] = r.start.map { .string($0.description) } ?? .null
            rule["end"] = r.end.map { .string($0.description) } ?? .null
            return .object([
                "rule": .object(rule),
                "description": .optional(description),
                "lines": .array(lines.map { line in
                    var fields: [String: JSONValue] = ["account": .string(line.accountID)]
                    if let amount = line.amount {
                        fields["amount"] = .int(amount.minorUnits)
                        fields["currency"] = .string(amount.currency.code)
                        if !amount.currency.isISO { fields["digits"] = .int(Int64(amount.currency.minorDigits)) }
                    } else {
                        fields["amount"] = .null
                    }
                    return .object(fields)
                }),
            ])
        }

        init(json p: JSONValue) throws {
            let r = try p.object("rule")
            func optionalInt(_ key: String) throws -> Int? {
                guard let value = r[key], value != .null else { return nil }
                return Int(try r.int(key))
            }
            func optionalDate(_ key: String) throws -> LocalDate? {
                try r.optionalString(key).map { text in try LocalDate(iso: text) }
            }
            var unit: RecurrenceRule.Unit?
            if let text = try r.optionalString("unit") {
                guard let known = RecurrenceRule.Unit(rawValue: text) else {
                    throw LedgerError.malformedEvent(type: "ForecastRuleSet", reason: "unknown unit \(text)")
                }
                unit = known
            }
            recurrence = RecurrenceRule(unit: unit, count: Int(try r.int("count")), day: try optionalInt("day"), month: try optionalInt("month"),
                                        start: try optionalDate("start"), end: try optionalDate("end"), text: try r.string("text"))
            description = try p.optionalString("description")
            lines = try p.array("lines").map { line in
                guard let amount = line["amount"], amount != .null else { return Line(accountID: try line.string("account"), amount: nil) }
                let digits = line["digits"].flatMap { $0 == .null ? nil : $0 }
                let commodity = try Commodity(code: try line.string("currency"), digits: try digits.map { _ in Int(try line.int("digits")) })
                return Line(accountID: try line.string("account"), amount: Money(minorUnits: try line.int("amount"), currency: commodity))
            }
        }
    }
}

extension LedgerCommand {
    /// `ForecastRuleSet`: accounts by name, the one without an amount balancing the others.
    public struct ForecastRuleInput: Hashable, Sendable {
        public struct Line: Hashable, Sendable {
            public var account: String
            public var amount: Money?
            public init(account: String, amount: Money?) { self.account = account; self.amount = amount }
        }

        public var recurrence: RecurrenceRule
        public var description: String?
        public var lines: [Line]
        public init(recurrence: RecurrenceRule, description: String?, lines: [Line]) {
            self.recurrence = recurrence; self.description = description; self.lines = lines
        }
    }
}

extension LedgerDecider {
    /// Every account must exist (the importer opens them); at most one line leaves its amount out.
    func setForecastRule(_ input: LedgerCommand.ForecastRuleInput) throws -> LedgerEvent.ForecastRuleSet {
        guard !input.lines.isEmpty else { throw LedgerError.unbalanced("a forecast rule needs at least one posting") }
        guard input.lines.filter({ $0.amount == nil }).count <= 1 else {
            throw LedgerError.unbalanced("a forecast rule may leave out one amount, not several")
        }
        // Any date LocalDate holds (`~ 9999-01-01` is hledger's far-future plan): a forecast only
        // ever asks for the occurrences in the span it shows.
        try checkOptionalText(input.description, field: "description")
        try checkText(input.recurrence.text, field: "period")
        let lines = try input.lines.map { line in
            guard let account = try state.account(named: line.account) else { throw LedgerError.unknownAccount(line.account) }
            return LedgerEvent.ForecastRuleSet.Line(accountID: account.id, amount: line.amount)
        }
        return .init(recurrence: input.recurrence, description: input.description, lines: lines)
    }
}
