import KakeiboDomain
import KakeiboProjections

// JSON shapes of the plan reports, shared by `--format json` and the widget snapshots.
// Amounts are decimal strings next to their currency; ratios are basis points and decimal strings.

extension BudgetFigures {
    public var json: [String: JSONValue] {
        let ratio = spendRatioBasisPoints
        return [
            "currency": .string(currency.code),
            "budgeted": .string(money(budgeted).decimalString),
            "carriedIn": .string(money(carriedIn).decimalString),
            "spent": .string(money(spent).decimalString),
            "available": .string(money(available).decimalString),
            "carryOut": .string(money(carryOut).decimalString),
            "spendRatio": ratio.map { .string(BasisPoints.decimalString($0)) } ?? .null,
            "spendRatioBasisPoints": ratio.map(JSONValue.int) ?? .null,
            "band": .int(Int64(band)),
        ]
    }
}

extension BudgetReport {
    public var json: JSONValue {
        .object([
            "period": .string(period.description),
            "length": .string(period.length.rawValue),
            "start": .string(period.start.description),
            "end": .string(period.end.description),
            "lines": .array(lines.map { line in
                var object = line.total.json
                object["account"] = .string(line.account.rawValue)
                object["name"] = line.displayName.map(JSONValue.string) ?? .null
                object["depth"] = .int(Int64(line.depth))
                object["archived"] = .bool(line.isArchived)
                object["rollover"] = line.rollover.map { .string($0.rawValue) } ?? .null
                object["own"] = line.own.map { .object($0.json) } ?? .null
                return .object(object)
            }),
            "totals": .array(totals.map { total in
                var object = total.figures.json
                object["unbudgetedSpent"] = .string(total.figures.money(total.unbudgetedSpent).decimalString)
                object["otherLengthSpent"] = .string(total.figures.money(total.otherLengthSpent).decimalString)
                return .object(object)
            }),
        ].merging(foreignSpending.isEmpty ? [:] : ["foreignSpending": .array(foreignSpending.map(\.json))]) { a, _ in a })
    }
}

extension BudgetReport.ForeignSpend {
    public var json: JSONValue {
        .object([
            "account": .string(account.rawValue), "date": .string(date.description),
            "amount": .string(original.decimalString), "currency": .string(original.currency.code),
            "counted": counted.map { .string($0.decimalString) } ?? .null,
            "countedCurrency": counted.map { .string($0.currency.code) } ?? .null,
            "basis": .string(basis.rawValue), "estimated": .bool(basis == .estimated),
        ])
    }
}

extension GoalReport.Period {
    public var json: JSONValue {
        .object([
            "period": .string(period.description),
            "start": .string(period.start.description),
            "end": .string(period.end.description),
            "currency": .string(earned.currency.code),
            "goal": goal.map { .string($0.decimalString) } ?? .null,
            "earned": .string(earned.decimalString),
            "ratio": ratioBasisPoints.map { .string(BasisPoints.decimalString($0)) } ?? .null,
            "ratioBasisPoints": ratioBasisPoints.map(JSONValue.int) ?? .null,
            "projected": .string(projected.decimalString),
            "daysElapsed": .int(Int64(daysElapsed)),
            "days": .int(Int64(period.dayCount)),
            "complete": .bool(isComplete),
            "met": .bool(isMet),
        ])
    }
}

extension GoalReport {
    public var json: JSONValue {
        .object([
            "asOf": .string(asOf.description),
            "length": length.map { .string($0.rawValue) } ?? .null,
            "streak": .int(Int64(streak)),
            "current": current.map(\.json) ?? .null,
            "periods": .array(periods.map(\.json)),
        ])
    }
}
