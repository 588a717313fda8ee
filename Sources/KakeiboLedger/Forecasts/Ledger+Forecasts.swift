import GRDB
import KakeiboDomain
import KakeiboProjections

extension Ledger {
    /// Spend forecasts per expense category as of a date (default: today in the ledger's zone),
    /// for months or ISO weeks; with `length` nil, each category in the period of the budget in
    /// force for it (weekly budgets get weekly forecasts, everything else monthly).
    public func spendForecasts(asOf: LocalDate? = nil, length: PeriodLength? = .monthly) throws -> SpendForecastReport {
        let asOf = try asOf ?? today()
        try PlanPeriod.check(asOf)
        return try writer.read { db in try Self.spendForecasts(db, asOf: asOf, length: length) }
    }

    /// Forecasts as of the eve of each of the last `months` months (or weeks), compared with what followed.
    public func forecastBacktest(asOf: LocalDate? = nil, months: Int = 6, length: PeriodLength = .monthly) throws -> SpendForecaster.Backtest {
        let asOf = try asOf ?? today()
        try PlanPeriod.check(asOf)
        return try writer.read { db in
            try Self.forecaster(db, from: SpendForecaster.firstDate(asOf: asOf, length: length, backtestPeriods: months), through: asOf)
                .backtest(asOf: asOf, periods: months, length: length)
        }
    }

    static func spendForecasts(_ db: Database, asOf: LocalDate, length: PeriodLength? = .monthly) throws -> SpendForecastReport {
        let lengths = length.map { [$0] } ?? [.monthly, .weekly]
        let from = lengths.map { SpendForecaster.firstDate(asOf: asOf, length: $0) }.min()!
        let forecaster = try forecaster(db, from: from, through: asOf)
        let forecasts: [SpendForecast]
        if let length {
            forecasts = forecaster.forecast(asOf: asOf, length: length)
        } else {
            let weekly = try weeklyBudgeted(db, asOf: asOf)
            forecasts = forecaster.forecast(asOf: asOf, length: .monthly).filter { !weekly.contains($0.accountID) }
                + forecaster.forecast(asOf: asOf, length: .weekly).filter { weekly.contains($0.accountID) }
        }
        let names = Dictionary(uniqueKeysWithValues: try expenseCategories(db).map { ($0.accountID, $0) })
        return SpendForecastReport(asOf: asOf, forecasts: forecasts.compactMap { forecast in
            names[forecast.accountID].map { SpendForecastReport.Line(category: $0, forecast: forecast) }
        }.sorted { $0.category.name < $1.category.name })
    }

    /// Categories whose budget in force for the week containing `asOf` is a weekly one.
    static func weeklyBudgeted(_ db: Database, asOf: LocalDate) throws -> Set<String> {
        let week = PeriodLength.weekly.period(containing: asOf)
        var latest: [String: (position: Int64, weekly: Bool)] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT account_id, position, period FROM budget_definitions WHERE effective_from <= ?",
                                    arguments: [week.end.description]) {
            let account: String = row[0], position: Int64 = row[1], period: String? = row[2]
            if let known = latest[account], known.position > position { continue }
            latest[account] = (position, period == PeriodLength.weekly.rawValue)
        }
        return Set(latest.filter(\.value.weekly).keys)
    }

    /// Expense postings in the base currency between two dates, one entry per category, date and
    /// payee (two purchases at one shop on one day count as one occurrence).
    static func forecaster(_ db: Database, from: LocalDate, through: LocalDate) throws -> SpendForecaster {
        guard let settings = try SQLiteProjectionStore(db: db).settings() else { throw LedgerError.ledgerNotInitialised }
        let rows = try Row.fetchAll(db, sql: """
            SELECT p.account_id, t.date, COALESCE(t.payee, t.memo) AS payee, SUM(p.amount)
            FROM transactions t CROSS JOIN postings p ON p.txn_id = t.txn_id JOIN accounts a ON a.account_id = p.account_id
            WHERE t.date >= ? AND t.date <= ? AND a.type = 'expense' AND p.currency = ?
            GROUP BY p.account_id, t.date, payee
            """, arguments: [from.description, through.description, settings.baseCurrency.code])
        return SpendForecaster(entries: try rows.map { row in
            SpendForecaster.Entry(accountID: row[0], date: try LocalDate(iso: row[1]), payee: row[2],
                                  amount: try row.minorUnits(atIndex: 3, table: "postings"))
        }, currency: settings.baseCurrency)
    }
}

/// Forecasts with the category each belongs to.
public struct SpendForecastReport: Hashable, Sendable {
    public struct Line: Hashable, Sendable {
        public var category: BudgetCalculator.Category
        public var forecast: SpendForecast
    }

    public var asOf: LocalDate
    public var forecasts: [Line]

    public var json: JSONValue {
        .array(forecasts.map { line in
            let f = line.forecast
            func money(_ minorUnits: Int64) -> JSONValue { .string(Money(minorUnits: minorUnits, currency: f.currency).decimalString) }
            func estimate(_ e: SpendForecast.Estimate) -> JSONValue { ["point": money(e.point), "low": money(e.low), "high": money(e.high)] }
            return [
                "account": .string(line.category.name.rawValue),
                "name": .string(line.category.category?.displayName ?? line.category.name.components.last.map(String.init) ?? ""),
                "currency": .string(f.currency.code),
                "period": .string(f.period.description),
                "spentSoFar": money(f.spentSoFar),
                "restOfPeriod": estimate(f.restOfPeriod),
                "nextPeriod": estimate(f.nextPeriod),
                "monthsOfHistory": .int(Int64(f.monthsOfHistory)),
                "recurring": .array(f.recurring.map { r in
                    ["payee": .string(r.payee), "amount": money(r.amount), "intervalDays": .int(Int64(r.intervalDays)),
                     "expected": .array(r.expected.map { .string($0.description) })]
                }),
            ]
        })
    }
}
