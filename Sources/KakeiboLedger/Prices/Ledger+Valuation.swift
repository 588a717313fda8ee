import GRDB
import KakeiboDomain
import KakeiboProjections

extension Ledger {
    /// Balances valued in `commodity` at the prices on or before the scope's date (default today):
    /// read-side only, so a price recorded later re-values past reports and nothing is logged.
    public func valuation(in commodity: Commodity, _ scope: ReportScope = ReportScope()) throws -> Valuation {
        try valuation(in: commodity, over: ReportQuery(), scope)
    }

    /// The change over `period` (`-b`, `-e`, `-p`) valued at the prices of the period's last day, as
    /// hledger's `bal -X` values a balance change report ("the period-end value of the change"); with
    /// no end, on the scope's date (default today). With no begin and no end, the whole balance.
    /// The query's terms (`expenses`, `status:*`, `--date2`) and `depth` choose and group the balances
    /// exactly as `balance` without `--value` does (N15); only the amounts are re-expressed.
    public func valuation(in commodity: Commodity, over period: ReportQuery, depth: Int? = nil,
                          _ scope: ReportScope = ReportScope()) throws -> Valuation {
        let date = try valuationDate(period, scope)
        let report = period.isEmpty && depth == nil && !period.secondaryDates
            ? try balances(scope)
            : try balances(period, depth: depth, scope)
        do {
            return try Valuation(balances: report.accounts.map { ($0.account, $0.type, $0.amount) }, in: commodity, on: date,
                                 prices: PriceTable(prices()))
        } catch let error as MoneyError {
            throw LedgerError.money(error)
        }
    }

    /// Every posting valued at the price of its own date (hledger's `--value=then`), summed per
    /// account; amounts no price reached by their date stay in their own commodity. The query's
    /// terms, dates and `depth` choose and group the postings as `balance` without `--value` does
    /// (N15: `then,` refused query terms and showed one price date per account). Postings of one
    /// account, currency and day are valued together: one price applies to them all, and hledger
    /// rounds only for display, so fewer roundings stay closer to its figures.
    public func valuationThen(in commodity: Commodity, over query: ReportQuery = ReportQuery(), depth: Int? = nil,
                              _ scope: ReportScope = ReportScope()) throws -> Valuation {
        let date = try valuationDate(query, scope)
        let rows = try datedAmounts(query, scope).map { row in
            (account: Self.clip(row.account, depth: depth), type: row.type, amount: row.amount, date: row.date)
        }.sorted { $0.account != $1.account ? $0.account.utf8.lexicographicallyPrecedes($1.account.utf8) : $0.date < $1.date }
        do {
            var valuation = try Valuation(dated: try rows.map { (try AccountName($0.account), $0.type, $0.amount, $0.date) },
                                          in: commodity, reportDate: date, prices: PriceTable(prices()))
            valuation.atEachDate = true
            return valuation
        } catch let error as MoneyError {
            throw LedgerError.money(error)
        }
    }

    /// `balance -M --value then,USD`: each column sums its postings valued at their own dates'
    /// prices (hledger's `--value=then` with a report interval), not at the column's last day.
    public func valuedPeriodBalancesThen(_ query: ReportQuery, interval: ReportInterval?, depth: Int? = nil,
                                         in commodity: Commodity, _ scope: ReportScope = ReportScope()) throws -> PeriodBalanceReport {
        let prices = PriceTable(try prices())
        return try periodBalances(query, interval: interval, depth: depth, historical: false, scope) { row in
            if let (value, _) = prices.value(row.amount, in: commodity, on: row.date) {
                return DatedAmount(account: row.account, type: row.type, date: row.date, amount: value)
            }
            // A price exists: the value is beyond Int64 minor units, not unpriced (N15).
            if prices.reaches(row.amount.currency, commodity, on: row.date) { throw LedgerError.money(.overflow) }
            return row
        }
    }

    /// `balance -M --value USD`, `incomestatement --value USD`, `balancesheet -X USD`: the report
    /// `periodBalances` gives, each column valued at its last day (the whole report, without columns,
    /// at the period's last day or the scope's date), as hledger's `-X` values a multi-period report.
    public func valuedPeriodBalances(_ query: ReportQuery, interval: ReportInterval?, depth: Int? = nil, historical: Bool = false,
                                     in commodity: Commodity, _ scope: ReportScope = ReportScope()) throws -> PeriodBalanceReport {
        let report = try periodBalances(query, interval: interval, depth: depth, historical: historical, scope)
        let date = try valuationDate(query, scope)
        let dates = report.spans.count == report.periods.count ? report.spans.map(\.end) : report.periods.map { _ in date }
        do {
            return try report.valued(in: commodity, on: dates, prices: PriceTable(prices()))
        } catch let error as MoneyError {
            throw LedgerError.money(error)
        }
    }

    /// The last day of the period when it has an end (or the `--as-of` date when that is earlier),
    /// otherwise the scope's date, otherwise today.
    func valuationDate(_ period: ReportQuery, _ scope: ReportScope) throws -> LocalDate {
        // An end of 0001-01-01 selects nothing and has no day before it: valued on that day.
        if period.end != nil, let end = try effectiveEnd(period, scope) { return end.year == 1 && end.month == 1 && end.day == 1 ? end : end.adding(days: -1) }
        return try scope.asOf ?? today()
    }

    /// `USD`, `usd`, `$` (`€ £ ¥` too) or a commodity this ledger declared (`BTC`).
    public func commodityArgument(_ text: String) throws -> Commodity {
        if let symbol = Commodity.symbol(text) { return symbol }
        if let iso = try? Currency(code: text) { return iso }
        if let declared = try commodity(symbol: text) { return declared }
        throw LedgerError.invalidCommodity(text, reason: "it is neither an ISO 4217 code nor a commodity this ledger declared "
                                           + "(import a journal with `commodity \(text) 1.00000000` to declare one)")
    }
}
