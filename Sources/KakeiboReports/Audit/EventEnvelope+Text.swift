import KakeiboDomain

extension EventEnvelope {
    /// `log` in the form asked for. JSON and CSV keep each whole payload; the table shows what a person
    /// scanning the log looks for (date, amount, payee or name), read from any payload by its field names.
    /// `accountNames` (id to name) lets the table name the account of an event that carries only its id
    /// (a `BalanceAsserted`).
    public static func text(_ events: [EventEnvelope], _ format: ReportFormat, accountNames: [String: AccountName] = [:]) -> String {
        switch format {
        case .json:
            return JSONValue.array(events.map { event in
                ["position": .int(event.position), "eventId": .string(event.eventID), "stream": .string(event.stream),
                 "streamVersion": .int(event.streamVersion), "type": .string(event.type), "schemaVersion": .int(event.schemaVersion),
                 "occurredOn": event.occurredOn.map { .string($0.description) } ?? .null,
                 "recordedAt": .string(TerminalText.timestamp(event.recordedAt)), "source": .string(event.source.rawValue),
                 "provenance": event.provenance.map(JSONValue.string) ?? .null,
                 "actor": .string(event.actor), "payload": event.payload]
            }).prettyString()
        case .csv:
            return CSVWriter.render(header: ["position", "recorded_at", "type", "stream", "source", "actor", "payload"], rows: events.map {
                [String($0.position), TerminalText.timestamp($0.recordedAt), $0.type, $0.stream, $0.source.rawValue, $0.actor, $0.payload.canonicalString()]
            })
        case .table:
            var table = TextTable([("pos", .right), ("recorded", .left), ("type", .left), ("date", .left), ("amount", .right),
                                   ("payee or name", .left), ("source", .left), ("actor", .left)])
            for event in events {
                table.add([String(event.position), TerminalText.timestamp(event.recordedAt), event.type, event.shownDate,
                           event.shownAmount, event.shownLabel(accountNames: accountNames), event.source.rawValue, event.actor])
            }
            return table.render()
        }
    }

    /// The money a person scanning the log looks for, read from the payload by its field names, so a new event type
    /// shows its money without a case here: `amount` with `currency`, or the postings' debits when all are in one
    /// currency.
    public var shownAmount: String {
        guard case .object(let fields) = payload else { return "" }
        if case .int(let minorUnits)? = fields["amount"], case .string(let code)? = fields["currency"] {
            return Self.money(minorUnits, code, digits: fields["digits"])
        }
        // A price: `value` (exact decimal text) in `quote` per unit of `commodity`.
        if case .string(let value)? = fields["value"], case .string(let quote)? = fields["quote"] { return "\(value) \(quote)" }
        guard case .array(let postings)? = fields["postings"] else { return "" }
        var debits: Int64 = 0
        var codes: Set<String> = []
        var digits: JSONValue?
        for case .object(let posting) in postings {
            guard case .int(let minorUnits)? = posting["amount"], case .string(let code)? = posting["currency"] else { continue }
            codes.insert(code)
            digits = posting["digits"]
            guard minorUnits > 0 else { continue }
            let (sum, overflow) = debits.addingReportingOverflow(minorUnits)
            guard !overflow else { return "" }
            debits = sum
        }
        guard codes.count == 1, let code = codes.first, debits > 0 else { return codes.count > 1 ? "(\(codes.count) currencies)" : "" }
        return Self.money(debits, code, digits: digits)
    }

    /// The payee or name column: a price names its commodity, a rename what it was and became, and a server's
    /// conflict its transaction and the fields in dispute (their rows were blank, N17).
    public var shownLabel: String { shownLabel(accountNames: [:]) }

    /// The same, naming by `accountNames` the account an event carries only the id of: a statement's
    /// balance (`BalanceAsserted`) reads `assets:checking balance` beside its amount, and a commodity's
    /// precision growth (`CommodityPrecisionGrown`) `USD stored at 5 decimals (was 2)`.
    public func shownLabel(accountNames: [String: AccountName]) -> String {
        guard case .object(let fields) = payload else { return "" }
        if case .string(let code)? = fields["commodity"], case .int(let from)? = fields["from"], case .int(let to)? = fields["to"] {
            return FreeText.withControlsShown("\(code) stored at \(to) decimals (was \(from))")
        }
        for key in ["payee", "name", "newName", "commodity"] {
            if case .string(let text)? = fields[key], !text.isEmpty { return FreeText.withControlsShown(text) }
        }
        // A rename or retype: what it was and what it became (money events name account ids there, and have a payee).
        if fields["amount"] == nil, case .string(let from)? = fields["from"], case .string(let to)? = fields["to"] {
            return FreeText.withControlsShown("\(from) → \(to)")
        }
        if case .string(let transaction)? = fields["txn"], case .array(let disputed)? = fields["fields"] {
            let names = disputed.compactMap { $0["field"]?.stringValue }
            return FreeText.withControlsShown("conflict on \(transaction)" + (names.isEmpty ? "" : ": " + names.joined(separator: ", ")))
        }
        // An event about an account that carries only its id (a statement balance, a budget, a closing).
        if case .string(let id)? = fields["account"], let name = accountNames[id] {
            return FreeText.withControlsShown(name.rawValue + (type == "BalanceAsserted" ? " balance" : ""))
        }
        return ""
    }

    /// The event's date, or the date its payload is about when the envelope carries none (a price's `date`).
    public var shownDate: String {
        if let occurredOn { return occurredOn.description }
        if case .object(let fields) = payload, case .string(let text)? = fields["date"], (try? LocalDate(iso: text)) != nil { return text }
        return ""
    }

    /// `digits` is stored beside a commodity outside the ISO table (`BTC`, 8).
    private static func money(_ minorUnits: Int64, _ code: String, digits: JSONValue?) -> String {
        let places: Int? = if case .int(let value)? = digits { Int(value) } else { nil }
        guard let commodity = try? Commodity(code: code, digits: places) else { return "\(minorUnits) (minor units) \(code)" }
        return Money(minorUnits: minorUnits, currency: commodity).description
    }
}
