import GRDB
import KakeiboDomain
import KakeiboProjections

// MARK: - Trend

extension WidgetSnapshotBuilder {
    /// How many calendar months the trend covers, the as-of month included.
    static let trendMonths = 12

    /// The last twelve months (the current one up to the as-of date) of income, expenses, net and
    /// month-end net worth, one series per currency: every anchor's home chart is a series, and
    /// currencies are never added together. The base currency always has a series, so an empty
    /// ledger still draws twelve zero months.
    func trend(_ base: Currency) throws -> TrendWidget {
        let current = PeriodLength.monthly.period(containing: asOf)
        var periods = [current]
        while periods.count < Self.trendMonths { periods.insert(periods[0].previous, at: 0) }
        let first = periods[0].start

        // Flows per (month, currency): income accounts hold credits, so income is their negated sum.
        var income: [String: [String: Int64]] = [:], expenses: [String: [String: Int64]] = [:]
        for row in try Row.fetchAll(db, sql: """
            SELECT substr(t.date, 1, 7), a.type, p.currency, SUM(p.amount)
            FROM transactions t CROSS JOIN postings p ON p.txn_id = t.txn_id JOIN accounts a ON a.account_id = p.account_id
            WHERE a.type IN ('income', 'expense') AND t.date >= ? AND t.date <= ?
            GROUP BY 1, 2, 3
            """, arguments: [first.description, asOf.description]) {
            let month: String = row[0], type: String = row[1], currency: String = row[2]
            let amount = try row.minorUnits(atIndex: 3, table: "postings")
            if type == "income" { income[currency, default: [:]][month, default: 0] &-= amount }
            else { expenses[currency, default: [:]][month, default: 0] &+= amount }
        }

        // Net worth: what assets and liabilities held before the window, then each month's change.
        var opening: [String: Int64] = [:], change: [String: [String: Int64]] = [:]
        for row in try Row.fetchAll(db, sql: """
            SELECT CASE WHEN t.date < ? THEN '' ELSE substr(t.date, 1, 7) END, p.currency, SUM(p.amount)
            FROM transactions t CROSS JOIN postings p ON p.txn_id = t.txn_id JOIN accounts a ON a.account_id = p.account_id
            WHERE a.type IN ('asset', 'liability') AND t.date <= ?
            GROUP BY 1, 2
            """, arguments: [first.description, asOf.description]) {
            let month: String = row[0], currency: String = row[1]
            let amount = try row.minorUnits(atIndex: 2, table: "postings")
            if month.isEmpty { opening[currency, default: 0] &+= amount } else { change[currency, default: [:]][month, default: 0] &+= amount }
        }

        let codes = Set([base.code]).union(income.keys).union(expenses.keys).union(opening.keys).union(change.keys).sorted()
        let series: [TrendWidget.Series] = try codes.map { code in
            let currency = try db.commodityForCode(code) // BTC, VTI: a declared commodity, at its own precision
            var worth = opening[code] ?? 0
            return .init(currency: code, months: periods.map { period in
                let label = period.description
                let earned = income[code]?[label] ?? 0, spent = expenses[code]?[label] ?? 0
                worth &+= change[code]?[label] ?? 0
                return .init(period: label, start: period.start.description, end: period.end.description,
                             income: amount(earned, currency), expenses: amount(spent, currency),
                             net: amount(earned &- spent, currency), netWorth: amount(worth, currency))
            })
        }
        return TrendWidget(currency: base.code, series: series,
                           note: "income, expenses and net per calendar month; netWorth at the month's end (the current month up to asOf)")
    }
}
