// Hand-written payload codecs: faster than Codable on Linux and explicit about every field,
// which matters because payload bytes are hashed and must never change shape silently.

extension LedgerEvent {
    /// Bumped when a type's payload changes shape; decoders keep reading every older version.
    public var schemaVersion: Int64 { 1 }

    public var payload: JSONValue { addingSuggestion(to: corePayload) }

    private var corePayload: JSONValue {
        switch self {
        case .ledgerCreated(let e):
            ["name": .string(e.name), "baseCurrency": .string(e.baseCurrency.code), "timeZone": .string(e.timeZone)]
        case .accountOpened(let e):
            .object(["account": .string(e.accountID), "name": .string(e.name.rawValue),
                     "type": .string(e.type.rawValue), "currency": .string(e.currency.code)].merging(digitsField(e.currency)) { a, _ in a }
                .merging(e.holdsAnyCommodity ? ["anyCommodity": .bool(true)] : [:]) { a, _ in a })
        case .accountRenamed(let e):
            ["account": .string(e.accountID), "from": .string(e.from.rawValue), "to": .string(e.to.rawValue)]
        case .accountRetyped(let e):
            ["account": .string(e.accountID), "from": .string(e.from.rawValue), "to": .string(e.to.rawValue)]
        case .accountClosed(let e):
            ["account": .string(e.accountID)]
        case .categoryDefined(let e):
            ["account": .string(e.accountID), "name": .string(e.displayName),
             "hue": .int(Int64(e.hue)), "icon": .string(e.icon)]
        case .categoryRenamed(let e):
            ["account": .string(e.accountID), "from": .string(e.from), "to": .string(e.to)]
        case .categoryArchived(let e):
            ["account": .string(e.accountID)]
        case .expenseCaptured(let e), .incomeRecorded(let e), .transferMade(let e):
            .object([
                "txn": .string(e.transactionID), "date": .string(e.date.description),
                "amount": .int(e.amount.minorUnits), "currency": .string(e.amount.currency.code),
                "from": .string(e.fromAccountID), "to": .string(e.toAccountID),
                "payee": .optional(e.payee), "memo": .optional(e.memo),
            ].merging(e.receiptPayload) { stored, _ in stored }.merging(digitsField(e.amount.currency)) { stored, _ in stored })
        case .transactionRecorded(let e):
            .object([
                "txn": .string(e.transactionID), "date": .string(e.date.description),
                "payee": .optional(e.payee), "memo": .optional(e.memo),
                "postings": .array(e.postings.map(\.json)),
            ].merging(e.marksPayload) { stored, _ in stored })
        case .transactionEdited(let e):
            .object([
                "txn": .string(e.transactionID), "reason": .optional(e.reason),
                "changes": .array(e.changes.map { change in
                    ["field": .string(change.field.rawValue), "before": change.before, "after": change.after]
                }),
            ].merging(e.forcedPayload) { a, _ in a })
        case .transactionVoided(let e):
            .object(["txn": .string(e.transactionID), "reason": .optional(e.reason)].merging(e.forcedPayload) { a, _ in a })
        case .budgetSet(let e):
            ["account": .string(e.accountID), "period": .string(e.length.rawValue), "amount": .int(e.amount.minorUnits),
             "currency": .string(e.amount.currency.code), "from": .string(e.effectiveFrom.description),
             "rollover": .string(e.rollover.rawValue)]
        case .budgetCleared(let e):
            ["account": .string(e.accountID), "from": .string(e.effectiveFrom.description)]
        case .incomeGoalSet(let e):
            ["period": .string(e.length.rawValue), "amount": .int(e.amount.minorUnits),
             "currency": .string(e.amount.currency.code), "from": .string(e.effectiveFrom.description)]
        case .receiptScanned(let e):
            e.json
        case .commodityDeclared(let e):
            .object(["commodity": .string(e.commodity.code), "precision": .int(Int64(e.commodity.minorDigits)),
                     "display": .optional(e.display)])
        case .forecastRuleSet(let e):
            e.json
        case .priceRecorded(let e):
            .object(["date": .string(e.date.description), "commodity": .string(e.commodity.code),
                     "value": .string(e.value.description), "quote": .string(e.quote.code),
                     "source": .string(e.source.rawValue)]
                .merging(digitsField(e.commodity)) { a, _ in a }
                .merging(digitsField(e.quote, key: "quoteDigits")) { a, _ in a })
        case .transactionConflicted(let e):
            e.json
        case .accountBookingSet(let e):
            e.json
        case .postingsMarked(let e):
            e.json
        case .postingsLocked(let e):
            e.json
        case .balanceAsserted(let e):
            e.json
        case .commodityPrecisionGrown(let e):
            e.json
        case .priceRetracted(let e):
            .object(["date": .string(e.date.description), "commodity": .string(e.commodity.code),
                     "value": .string(e.value.description), "quote": .string(e.quote.code), "reason": .optional(e.reason)]
                .merging(digitsField(e.commodity)) { a, _ in a }
                .merging(digitsField(e.quote, key: "quoteDigits")) { a, _ in a })
        }
    }

    public init(type: String, schemaVersion: Int64, payload p: JSONValue) throws(LedgerError) {
        guard schemaVersion == 1 else { throw .unknownEventType(type, schemaVersion: schemaVersion) }
        do {
            guard let kind = Kind(rawValue: type) else { throw LedgerError.unknownEventType(type, schemaVersion: schemaVersion) }
            switch kind {
            case .ledgerCreated:
                self = .ledgerCreated(.init(name: try p.string("name"), baseCurrency: try currency(p, "baseCurrency"),
                                            timeZone: try p.string("timeZone")))
            case .accountOpened:
                var opened = LedgerEvent.AccountOpened(accountID: try p.string("account"), name: try AccountName(p.string("name")),
                                                       type: try accountType(p), currency: try currency(p, "currency"))
                if let any = p["anyCommodity"], any != .null {
                    guard any == .bool(true) else { throw LedgerError.malformedEvent(type: type, reason: "anyCommodity is only ever true") }
                    opened.holdsAnyCommodity = true
                }
                self = .accountOpened(opened)
            case .accountRenamed:
                self = .accountRenamed(.init(accountID: try p.string("account"), from: try AccountName(p.string("from")),
                                             to: try AccountName(p.string("to"))))
            case .accountRetyped:
                guard let from = AccountType(rawValue: try p.string("from")), let to = AccountType(rawValue: try p.string("to")) else {
                    throw LedgerError.malformedEvent(type: type, reason: "unknown account type")
                }
                self = .accountRetyped(.init(accountID: try p.string("account"), from: from, to: to))
            case .accountClosed:
                self = .accountClosed(.init(accountID: try p.string("account")))
            case .categoryDefined:
                self = .categoryDefined(.init(accountID: try p.string("account"), displayName: try p.string("name"),
                                              hue: Int(try p.int("hue")), icon: try p.string("icon")))
            case .categoryRenamed:
                self = .categoryRenamed(.init(accountID: try p.string("account"), from: try p.string("from"), to: try p.string("to")))
            case .categoryArchived:
                self = .categoryArchived(.init(accountID: try p.string("account")))
            case .expenseCaptured: self = .expenseCaptured(try moneyMoved(p).readingReceiptFields(p))
            case .incomeRecorded: self = .incomeRecorded(try moneyMoved(p))
            case .transferMade: self = .transferMade(try moneyMoved(p))
            case .transactionRecorded:
                var recorded = LedgerEvent.TransactionRecorded(
                    transactionID: try p.string("txn"), date: try LocalDate(iso: p.string("date")),
                    payee: try p.optionalString("payee"), memo: try p.optionalString("memo"),
                    postings: try p.array("postings").map { posting throws(LedgerError) in try Posting(json: posting) })
                try recorded.readMarks(p)
                self = .transactionRecorded(recorded)
            case .transactionEdited:
                var edited = LedgerEvent.TransactionEdited(
                    transactionID: try p.string("txn"),
                    changes: try p.array("changes").map { change in
                        guard let field = TransactionField(rawValue: try change.string("field")) else {
                            throw LedgerError.malformedEvent(type: type, reason: "unknown field in change")
                        }
                        return FieldChange(field: field, before: change["before"] ?? .null, after: change["after"] ?? .null)
                    },
                    reason: try p.optionalString("reason"))
                edited.forced = try readForced(p, type: type)
                self = .transactionEdited(edited)
            case .transactionVoided:
                var voided = LedgerEvent.TransactionVoided(transactionID: try p.string("txn"), reason: try p.optionalString("reason"))
                voided.forced = try readForced(p, type: type)
                self = .transactionVoided(voided)
            case .budgetSet:
                self = .budgetSet(.init(accountID: try p.string("account"), length: try periodLength(p, type),
                                        amount: Money(minorUnits: try p.int("amount"), currency: try currency(p, "currency")),
                                        effectiveFrom: try LocalDate(iso: p.string("from")),
                                        rollover: try enumValue(p, "rollover", type)))
            case .budgetCleared:
                self = .budgetCleared(.init(accountID: try p.string("account"), effectiveFrom: try LocalDate(iso: p.string("from"))))
            case .incomeGoalSet:
                self = .incomeGoalSet(.init(length: try periodLength(p, type),
                                            amount: Money(minorUnits: try p.int("amount"), currency: try currency(p, "currency")),
                                            effectiveFrom: try LocalDate(iso: p.string("from"))))
            case .receiptScanned:
                self = .receiptScanned(try .init(json: p))
            case .commodityDeclared:
                let symbol = try p.string("commodity")
                self = .commodityDeclared(.init(commodity: try Commodity(symbol: symbol, minorDigits: Int(try p.int("precision"))),
                                                display: try p.optionalString("display")))
            case .forecastRuleSet:
                self = .forecastRuleSet(try .init(json: p))
            case .priceRecorded:
                self = .priceRecorded(.init(date: try LocalDate(iso: p.string("date")), commodity: try currency(p, "commodity"),
                                            value: try ExactDecimal(parsing: p.string("value")),
                                            quote: try currency(p, "quote", digitsKey: "quoteDigits"),
                                            source: try enumValue(p, "source", type)))
            case .transactionConflicted:
                self = .transactionConflicted(try .init(json: p))
            case .accountBookingSet:
                self = .accountBookingSet(try .init(json: p))
            case .postingsMarked:
                self = .postingsMarked(try .init(json: p))
            case .postingsLocked:
                self = .postingsLocked(try .init(json: p))
            case .balanceAsserted:
                self = .balanceAsserted(try .init(json: p))
            case .commodityPrecisionGrown:
                self = .commodityPrecisionGrown(try .init(json: p))
            case .priceRetracted:
                self = .priceRetracted(.init(date: try LocalDate(iso: p.string("date")), commodity: try currency(p, "commodity"),
                                             value: try ExactDecimal(parsing: p.string("value")),
                                             quote: try currency(p, "quote", digitsKey: "quoteDigits"),
                                             reason: try p.optionalString("reason")))
            }
            try readSuggestion(from: p)
        } catch let error as LedgerError {
            if case .malformedEvent = error { throw error }
            if case .unknownEventType = error { throw error }
            throw .malformedEvent(type: type, reason: error.description)
        } catch {
            throw .malformedEvent(type: type, reason: "\(error)")
        }
    }
}

extension Posting {
    /// `digits`, `cost` and `generated` appear only when set: a posting written before
    /// commodities existed keeps its exact bytes, and with them every hash in the chain.
    var json: JSONValue {
        var fields: [String: JSONValue] = ["account": .string(accountID), "amount": .int(amount.minorUnits),
                                           "currency": .string(amount.currency.code), "memo": .optional(memo)]
        fields.merge(digitsField(amount.currency)) { a, _ in a }
        if let cost {
            fields["cost"] = .object(["per": .string(cost.per.rawValue), "value": .string(cost.value.description),
                                      "commodity": .string(cost.commodity.code)]
                                     .merging(digitsField(cost.commodity)) { a, _ in a })
        }
        if isGeneratedConversion { fields["generated"] = .string("conversion") }
        if isGeneratedGain { fields["generated"] = .string("gain") }
        if let lot { fields["lot"] = lot.json }
        if let virtual { fields["virtual"] = .string(virtual.rawValue) }
        if let accountAsWritten { fields["writtenAs"] = .string(accountAsWritten) }
        // A journal's posting mark (`  * assets:bank  $5`, issue 32); absent when unmarked.
        if let status { fields["status"] = .string(status.name) }
        return .object(fields)
    }

    init(json p: JSONValue) throws(LedgerError) {
        do {
            var cost: PostingCost?
            if let c = p["cost"], c != .null {
                guard let per = PostingCost.Per(rawValue: try c.string("per")) else {
                    throw LedgerError.malformedEvent(type: "Posting", reason: "unknown cost kind")
                }
                cost = PostingCost(per: per, value: try ExactDecimal(parsing: c.string("value")), commodity: try currency(c, "commodity"))
            }
            let generated = try p.optionalString("generated")
            guard generated == nil || generated == "conversion" || generated == "gain" else {
                throw LedgerError.malformedEvent(type: "Posting", reason: "unknown generated kind")
            }
            self.init(accountID: try p.string("account"),
                      amount: Money(minorUnits: try p.int("amount"), currency: try currency(p, "currency")),
                      memo: try p.optionalString("memo"), cost: cost, isGeneratedConversion: generated == "conversion")
            isGeneratedGain = generated == "gain"
            if let lot = p["lot"], lot != .null { self.lot = try PostingLot(json: lot) }
            if let text = try p.optionalString("virtual") {
                guard let virtual = PostingVirtuality(rawValue: text) else {
                    throw LedgerError.malformedEvent(type: "Posting", reason: "unknown virtual kind")
                }
                self.virtual = virtual
            }
            accountAsWritten = try p.optionalString("writtenAs")
            if let name = try p.optionalString("status") {
                guard let status = TransactionStatus(name: name) else {
                    throw LedgerError.malformedEvent(type: "Posting", reason: "unknown status \(name)")
                }
                self.status = status
            }
        } catch let error as LedgerError {
            throw error
        } catch {
            throw .malformedEvent(type: "Posting", reason: "\(error)")
        }
    }
}

extension [Posting] {
    /// Postings as stored in payloads and in edit before/after values.
    public var json: JSONValue { .array(map(\.json)) }

    public init(json: JSONValue) throws(LedgerError) {
        guard let items = json.arrayValue else { throw .malformedEvent(type: "Posting", reason: "postings are not an array") }
        self = try items.map { item throws(LedgerError) in try Posting(json: item) }
    }
}

extension JSONValue {
    static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
}

/// An ISO code alone, or any commodity with the `digits` its payload carries.
private func currency(_ payload: JSONValue, _ key: String, digitsKey: String = "digits") throws -> Currency {
    let digits = payload[digitsKey].flatMap { $0 == .null ? nil : $0 }
    return try Commodity(code: try payload.string(key), digits: try digits.map { _ in Int(try payload.int(digitsKey)) })
}

extension Commodity {
    /// How payloads spell a commodity: an ISO code alone, or any symbol with the `digits` stored beside it.
    /// An ISO code with more `digits` than its table's is that currency at its grown stored
    /// precision (`CommodityPrecisionGrown`); no payload carried such digits before that event.
    public init(code: String, digits: Int?) throws(MoneyError) {
        if let digits, let table = Self.knownMinorDigits[code], digits > table, digits <= Self.maximumDigits {
            self.init(uncheckedCode: code, minorDigits: digits)
        } else if let digits { try self.init(symbol: code, minorDigits: digits) } else { try self.init(code: code) }
    }
}

/// `["digits": 8]` for a commodity outside the ISO table, nothing for a currency in it.
private func digitsField(_ commodity: Commodity, key: String = "digits") -> [String: JSONValue] {
    commodity.isISO ? [:] : [key: .int(Int64(commodity.minorDigits))]
}

private func accountType(_ payload: JSONValue) throws -> AccountType {
    let raw = try payload.string("type")
    guard let type = AccountType(rawValue: raw) else {
        throw LedgerError.malformedEvent(type: "AccountOpened", reason: "unknown account type \(raw)")
    }
    return type
}

private func periodLength(_ payload: JSONValue, _ type: String) throws -> PeriodLength {
    try enumValue(payload, "period", type)
}

private func enumValue<T: RawRepresentable<String>>(_ payload: JSONValue, _ key: String, _ type: String) throws -> T {
    let raw = try payload.string(key)
    guard let value = T(rawValue: raw) else { throw LedgerError.malformedEvent(type: type, reason: "unknown \(key) \(raw)") }
    return value
}

private func moneyMoved(_ p: JSONValue) throws -> LedgerEvent.MoneyMoved {
    .init(transactionID: try p.string("txn"), date: try LocalDate(iso: p.string("date")),
          amount: Money(minorUnits: try p.int("amount"), currency: try currency(p, "currency")),
          fromAccountID: try p.string("from"), toAccountID: try p.string("to"),
          payee: try p.optionalString("payee"), memo: try p.optionalString("memo"))
}
