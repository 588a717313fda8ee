import KakeiboDomain

/// A widget export with many categories, shaped like `widgets export` output (hashes are fake:
/// the renderer only prints them). Deterministic: category i has figures derived from i.
struct SyntheticExport {
    var categories: Int

    func money(_ cents: Int) -> JSONValue {
        .string("\(cents < 0 ? "-" : "")\(abs(cents) / 100).\(abs(cents) % 100 < 10 ? "0" : "")\(abs(cents) % 100)")
    }

    func common(_ kind: String) -> [String: JSONValue] {
        ["kind": .string(kind), "schemaVersion": 1, "asOf": "2026-11-21", "logPosition": 4242,
         "contentHash": .string(String(repeating: "ab", count: 32)), "currency": "USD"]
    }

    func budgetLine(_ i: Int) -> JSONValue {
        let budgeted = 10_000 + i * 137, spent = (i * 7919) % 15_000, ratio = spent * 10_000 / budgeted
        return ["account": .string("expenses:group\(i / 10):category\(i)"), "name": .string("Category \(i)"), "available": money(budgeted - spent),
                "band": .int(Int64(ratio < 5000 ? 0 : ratio < 7500 ? 1 : ratio < 9000 ? 2 : ratio <= 10_000 ? 3 : 4)),
                "budgeted": money(budgeted), "carriedIn": money(0), "currency": "USD", "depth": .int(Int64(i % 3)), "hasBudget": true,
                "hue": .int(Int64(i % 360)), "icon": "tag", "spendRatio": "0.5000", "spendRatioBasisPoints": .int(Int64(ratio)), "spent": money(spent)]
    }

    func documents() -> [JSONValue] {
        let lines = (0..<categories).map(budgetLine)
        let total: JSONValue = ["available": "100.00", "band": 1, "budgeted": "1000.00", "carriedIn": "0.00", "currency": "USD",
                                "spendRatio": "0.9000", "spendRatioBasisPoints": 9000, "spent": "900.00"]
        var budgets = common("budgets")
        budgets["month"] = ["period": "2026-11", "start": "2026-11-01", "end": "2026-11-30", "total": total, "categories": .array(lines)]
        budgets["week"] = ["period": "2026-W47", "start": "2026-11-16", "end": "2026-11-22", "total": total, "categories": .array(lines)]
        var expenses = common("expenses")
        expenses["month"] = ["period": "2026-11", "start": "2026-11-01", "end": "2026-11-30"]
        expenses["total"] = "99999.00"
        expenses["categories"] = .array((0..<categories).map { i in
            ["account": .string("expenses:category\(i)"), "name": .string("Category \(i)"), "amount": money(100_000 - i * 100), "hue": .int(Int64(i % 360)),
             "icon": "tag", "share": "0.0033", "shareBasisPoints": 33]
        })
        var forecast = common("forecast")
        forecast["note"] = "synthetic"
        forecast["forecasts"] = .array((0..<categories).map { i in
            let range: JSONValue = ["low": money(i * 50), "point": money(i * 80), "high": money(i * 120)]
            return ["account": .string("expenses:category\(i)"), "name": .string("Category \(i)"), "currency": "USD", "monthsOfHistory": 6,
                    "period": "2026-11", "spentSoFar": money(i * 30), "restOfPeriod": range, "nextPeriod": range,
                    "recurring": [["payee": "Shop", "amount": "10.00", "intervalDays": 30, "expected": ["2026-11-28"]]]]
        })
        var accounts = common("accounts")
        accounts["accounts"] = .array((0..<40).map { i in
            ["account": .string("assets:bank:account\(i)"), "type": "asset", "amount": money(i * 12_345), "currency": i % 4 == 0 ? "EUR" : "USD"]
        })
        accounts["netWorth"] = [["currency": "EUR", "assets": "100.00", "liabilities": "0.00", "amount": "100.00"],
                                ["currency": "USD", "assets": "200.00", "liabilities": "-50.00", "amount": "150.00"]]
        var income = common("income")
        income["thisWeek"] = ["period": "2026-W47", "start": "2026-11-16", "end": "2026-11-22", "earned": "640.00", "goal": "1200.00",
                              "ratio": "0.5333", "ratioBasisPoints": 5333]
        income["month"] = ["period": "2026-11", "start": "2026-11-01", "end": "2026-11-30", "earned": "3040.00", "goal": nil, "ratio": nil,
                           "ratioBasisPoints": nil, "weeks": .array((44...49).map { ["period": .string("2026-W\($0)"), "start": "2026-11-01", "end": "2026-11-07", "earned": money($0 * 1000)] })]
        income["goal"] = nil
        var transfers = common("transfers")
        transfers["month"] = ["period": "2026-11", "start": "2026-11-01", "end": "2026-11-30", "count": 10, "total": "1000.00"]
        transfers["recent"] = .array((0..<10).map { i in
            ["id": .string("t\(i)"), "date": "2026-11-10", "from": "assets:checking", "to": "assets:cash", "amount": "100.00", "currency": "USD", "note": "ATM"]
        })
        var trend = common("trend")
        trend["note"] = "synthetic"
        trend["series"] = .array(["EUR", "USD"].map { currency in
            ["currency": .string(currency), "months": .array((1...12).map { m in
                ["period": .string("2026-\(m < 10 ? "0" : "")\(m)"), "start": "2026-01-01", "end": "2026-01-31", "income": money(400_000 + m * 1000),
                 "expenses": money(300_000 + m * 5000), "net": money(100_000 - m * 4000), "netWorth": money(1_000_000 + m * 20_000)]
            })]
        })
        let widgets = [income, budgets, expenses, transfers, accounts, forecast, trend].map { JSONValue.object($0) }
        var index = common("index")
        index["documents"] = .array(widgets.map { ["file": .string(($0["kind"]?.stringValue ?? "") + ".json"), "kind": $0["kind"] ?? nil,
                                                   "schema": "widgets/x.schema.json", "contentHash": $0["contentHash"] ?? nil] })
        return widgets + [.object(index)]
    }
}
