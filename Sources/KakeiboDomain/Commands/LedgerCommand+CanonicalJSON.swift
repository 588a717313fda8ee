// The command's canonical JSON: what its idempotency fingerprint hashes.

extension LedgerCommand {
    /// The command as canonical JSON, so that a retry under an idempotency key can be told from a
    /// different command by comparing SHA-256 digests of these bytes (`canonicalBytes`).
    ///
    /// The format is written out here field by field, not derived from Swift's reflection, so it
    /// changes only when this file does. It is an object `{"command": NAME, …fields}` where NAME is
    /// the case name; fields keep their Swift names; a nil optional is left out (so a field added
    /// later leaves older commands' bytes alone) and `.some(nil)` (an edit clearing a payee) is
    /// `null`; amounts stay the text the user typed; a commodity is `{"code", "digits"}`; dates are
    /// ISO `YYYY-MM-DD`; a receipt reading is its `ReceiptScanned` payload without the receipt id.
    /// Keys are sorted and there is no whitespace (`JSONValue.canonicalBytes`).
    public var canonicalJSON: JSONValue {
        switch self {
        case .createLedger(let name, let currency, let timeZone):
            Self.object("createLedger", ["name": .string(name), "currency": currency.canonicalJSON, "timeZone": .string(timeZone)])
        case .openAccount(let name, let type, let currency):
            Self.object("openAccount", ["name": .string(name), "type": type.map { .string($0.rawValue) }, "currency": currency?.canonicalJSON])
        case .openAccountForAnyCommodity(let name, let type, let currency):
            Self.object("openAccountForAnyCommodity",
                        ["name": .string(name), "type": type.map { .string($0.rawValue) }, "currency": currency?.canonicalJSON])
        case .renameAccount(let name, let newName):
            Self.object("renameAccount", ["name": .string(name), "newName": .string(newName)])
        case .retypeAccount(let name, let type):
            Self.object("retypeAccount", ["name": .string(name), "type": .string(type.rawValue)])
        case .closeAccount(let name):
            Self.object("closeAccount", ["name": .string(name)])
        case .addCategory(let input):
            Self.object("addCategory", ["name": .string(input.name), "type": .string(input.type.rawValue),
                                        "displayName": input.displayName.map(JSONValue.string),
                                        "hue": input.hue.map { .int(Int64($0)) }, "icon": input.icon.map(JSONValue.string)])
        case .renameCategory(let name, let newName):
            Self.object("renameCategory", ["name": .string(name), "newName": .string(newName)])
        case .archiveCategory(let name):
            Self.object("archiveCategory", ["name": .string(name)])
        case .captureExpense(let input):
            Self.object("captureExpense", input.canonicalMembers)
        case .recordIncome(let input):
            Self.object("recordIncome", input.canonicalMembers)
        case .makeTransfer(let input):
            Self.object("makeTransfer", input.canonicalMembers)
        case .recordTransaction(let input):
            Self.object("recordTransaction", ["date": input.date.map { .string($0.description) },
                                              "payee": input.payee.map(JSONValue.string), "memo": input.memo.map(JSONValue.string),
                                              "postings": .array(input.postings.map(\.canonicalJSON)),
                                              "suggestCategoryFor": input.suggestCategoryFor.map { .int(Int64($0)) },
                                              "status": input.status.map { .string($0.name) }, "code": input.code.map(JSONValue.string)])
        case .editTransaction(let input):
            Self.object("editTransaction", [
                "id": .string(input.id), "amount": input.amount.map(JSONValue.string), "date": input.date.map { .string($0.description) },
                "payee": input.payee.map { $0.map(JSONValue.string) ?? .null }, "memo": input.memo.map { $0.map(JSONValue.string) ?? .null },
                "category": input.category.map(JSONValue.string), "from": input.from.map(JSONValue.string),
                "to": input.to.map(JSONValue.string), "postings": input.postings.map { .array($0.map(\.canonicalJSON)) },
                "reason": input.reason.map(JSONValue.string), "reviewed": input.reviewed ? .bool(true) : nil,
                "force": input.force ? .bool(true) : nil])
        case .voidTransaction(let id, let reason):
            Self.object("voidTransaction", ["id": .string(id), "reason": reason.map(JSONValue.string)])
        case .forcedVoid(let id, let reason):
            Self.object("forcedVoid", ["id": .string(id), "reason": .string(reason)])
        case .markPostings(let id, let lines, let status):
            Self.object("markPostings", ["transactionID": .string(id), "lines": .array(lines.map { .int(Int64($0)) }),
                                         "status": status.map { .string($0.name) }])
        case .lockPostings(let id, let lines):
            Self.object("lockPostings", ["transactionID": .string(id), "lines": .array(lines.map { .int(Int64($0)) })])
        case .setBudget(let input):
            Self.object("setBudget", ["category": .string(input.category), "amount": .string(input.amount),
                                      "length": .string(input.length.rawValue), "rollover": .string(input.rollover.rawValue),
                                      "from": input.from.map { .string($0.description) }])
        case .clearBudget(let category, let from):
            Self.object("clearBudget", ["category": .string(category), "from": from.map { .string($0.description) }])
        case .setIncomeGoal(let input):
            Self.object("setIncomeGoal", ["amount": .string(input.amount), "length": .string(input.length.rawValue),
                                          "currency": input.currency?.canonicalJSON, "from": input.from.map { .string($0.description) }])
        case .importReceipt(let input):
            Self.object("importReceipt", [
                "reading": input.reading.canonicalJSON,
                "total": input.total.map { .object(["amount": .string($0.decimalString), "currency": $0.currency.canonicalJSON]) },
                "date": input.date.map { .string($0.description) }, "payee": input.payee.map(JSONValue.string),
                "account": .string(input.account), "category": input.category.map(JSONValue.string),
                "needsReview": .bool(input.needsReview)])
        case .declareCommodity(let commodity, let display):
            Self.object("declareCommodity", ["commodity": commodity.canonicalJSON, "display": display.map(JSONValue.string)])
        case .recordPrice(let input):
            Self.object("recordPrice", ["date": input.date.map { .string($0.description) }, "commodity": input.commodity.canonicalJSON,
                                        "value": .string(input.value), "quote": input.quote.canonicalJSON,
                                        "source": .string(input.source.rawValue)])
        case .retractPrice(let input):
            Self.object("retractPrice", ["date": input.date.map { .string($0.description) }, "commodity": input.commodity.canonicalJSON,
                                         "quote": input.quote.canonicalJSON, "value": input.value.map(JSONValue.string),
                                         "reason": input.reason.map(JSONValue.string)])
        case .setBooking(let account, let booking):
            Self.object("setBooking", ["account": .string(account), "booking": booking.canonicalJSON])
        case .assertBalance(let input):
            Self.object("assertBalance", ["account": .string(input.account), "date": .string(input.date.description),
                                          "amount": .string(input.amount), "currency": input.currency?.canonicalJSON,
                                          "statement": input.statement.map(JSONValue.string)])
        case .setForecastRule(let input):
            Self.object("setForecastRule", [
                "recurrence": .object(["text": .string(input.recurrence.text)]), "description": input.description.map(JSONValue.string),
                "lines": .array(input.lines.map { line in
                    .object(["account": .string(line.account),
                             "amount": line.amount.map { .object(["minorUnits": .int($0.minorUnits), "commodity": $0.currency.canonicalJSON]) } ?? .null])
                })])
        }
    }

    /// `{"command": name}` plus the members that are not nil.
    private static func object(_ name: String, _ members: [String: JSONValue?]) -> JSONValue {
        var object: [String: JSONValue] = ["command": .string(name)]
        for (key, value) in members { if let value { object[key] = value } }
        return .object(object)
    }
}

extension LedgerCommand.MoneyInput {
    fileprivate var canonicalMembers: [String: JSONValue?] {
        ["amount": .string(amount), "currency": currency?.canonicalJSON, "date": date.map { .string($0.description) },
         "from": .string(from), "to": .string(to), "payee": payee.map(JSONValue.string), "memo": memo.map(JSONValue.string),
         "suggestCategory": suggestCategory ? .bool(true) : nil, "cost": cost?.canonicalJSON]
    }
}

extension LedgerCommand.PostingInput {
    fileprivate var canonicalJSON: JSONValue {
        let members: [String: JSONValue?] = [
            "account": .string(account), "amount": amount.map(JSONValue.string), "currency": currency?.canonicalJSON,
            "memo": memo.map(JSONValue.string), "cost": cost?.canonicalJSON, "virtual": virtual.map { .string($0.rawValue) },
            "accountAsWritten": accountAsWritten.map(JSONValue.string), "lot": lot?.canonicalJSON, "status": status.map { .string($0.name) }]
        return .object(members.compactMapValues { $0 })
    }
}

extension LedgerCommand.CostInput {
    fileprivate var canonicalJSON: JSONValue {
        .object(["per": .string(per.rawValue), "value": .string(value), "commodity": commodity.canonicalJSON])
    }
}

extension Commodity {
    /// Code and digits: `USD` with 2 and a declared `USD` with 4 are different commands.
    fileprivate var canonicalJSON: JSONValue {
        .object(["code": .string(code), "digits": .int(Int64(minorDigits))])
    }
}

extension LedgerCommand.ReceiptReading {
    /// The `ReceiptScanned` payload the reading would be recorded as, without the receipt id.
    fileprivate var canonicalJSON: JSONValue {
        guard case .object(var members) = LedgerEvent.ReceiptScanned(receiptID: "", reading: self).json else {
            preconditionFailure("a scan's payload is an object")
        }
        members["receipt"] = nil
        return .object(members)
    }
}
