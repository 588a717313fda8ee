import KakeiboDomain
import KakeiboLedger
import KakeiboProjections

extension SpendForecastReport {
    /// `forecast` in the form asked for: per category, spent so far, the rest of the period and the next, each
    /// with its 80 % interval, and how many recurring payments the forecast counted.
    public func text(_ format: ReportFormat) -> String {
        switch format {
        case .json:
            return json.prettyString()
        case .csv:
            return CSVWriter.render(
                header: ["category", "period", "spent", "rest", "rest_low", "rest_high", "next", "next_low", "next_high", "recurring"],
                rows: forecasts.map { line in
                    let f = line.forecast
                    func m(_ v: Int64) -> String { Money(minorUnits: v, currency: f.currency).decimalString }
                    return [line.category.name.rawValue, f.period.description, m(f.spentSoFar), m(f.restOfPeriod.point),
                            m(f.restOfPeriod.low), m(f.restOfPeriod.high), m(f.nextPeriod.point), m(f.nextPeriod.low),
                            m(f.nextPeriod.high), String(f.recurring.count)]
                })
        case .table:
            var table = TextTable([("category", .left), ("period", .left), ("spent", .right), ("rest", .right), ("rest 80 %", .right),
                                   ("next", .right), ("next 80 %", .right), ("recurring", .right)])
            for line in forecasts {
                let f = line.forecast
                func m(_ v: Int64) -> String { Money(minorUnits: v, currency: f.currency).decimalString }
                table.add([line.category.name.rawValue, f.period.description, m(f.spentSoFar), m(f.restOfPeriod.point),
                           "\(m(f.restOfPeriod.low))–\(m(f.restOfPeriod.high))", m(f.nextPeriod.point),
                           "\(m(f.nextPeriod.low))–\(m(f.nextPeriod.high))", String(f.recurring.count)])
            }
            return table.render()
        }
    }
}

extension SpendForecaster.Backtest {
    /// `forecast --backtest`: the mean absolute percentage error and the 80 % interval's coverage.
    public func text(_ format: ReportFormat, length: PeriodLength) -> String {
        let mape = meanAbsolutePercentageErrorBasisPoints.map(TerminalText.percent) ?? "-"
        let coverage = intervalCoverageBasisPoints.map(TerminalText.percent) ?? "-"
        switch format {
        case .json:
            let object: JSONValue = [
                "period": .string(length.rawValue), "periods": .int(Int64(months)),
                "months": length == .monthly ? .int(Int64(months)) : .null, "comparisons": .int(Int64(comparisons)),
                "meanAbsolutePercentageErrorBasisPoints": meanAbsolutePercentageErrorBasisPoints.map(JSONValue.int) ?? .null,
                "intervalCoverageBasisPoints": intervalCoverageBasisPoints.map(JSONValue.int) ?? .null,
            ]
            return object.prettyString()
        case .csv:
            return CSVWriter.render(header: ["months", "comparisons", "mape", "coverage"],
                                    rows: [[String(months), String(comparisons), mape, coverage]])
        case .table:
            let unit = length == .weekly ? "week" : "month"
            return "backtest over \(months) \(unit)s, \(comparisons) category-\(unit)s: MAPE \(mape), 80 % interval coverage \(coverage)"
        }
    }
}

extension PlannedTransaction {
    /// What the forecast rules plan, one row per posting: date, rule, description, account, amount, commodity.
    public static func text(_ planned: [PlannedTransaction], _ format: ReportFormat) -> String {
        let rows = planned.flatMap { txn in
            txn.postings.map { [txn.date.description, txn.rule, txn.description ?? "", $0.account.rawValue, $0.amount.decimalString, $0.amount.currency.code] }
        }
        switch format {
        case .json:
            return JSONValue.array(planned.map { txn in
                ["date": .string(txn.date.description), "rule": .string(txn.rule), "description": txn.description.map(JSONValue.string) ?? .null,
                 "postings": .array(txn.postings.map { ["account": .string($0.account.rawValue), "amount": .string($0.amount.decimalString),
                                                         "commodity": .string($0.amount.currency.code)] })]
            }).prettyString()
        case .csv:
            return CSVWriter.render(header: ["date", "rule", "description", "account", "amount", "commodity"], rows: rows)
        case .table:
            var table = TextTable([("date", .left), ("rule", .left), ("description", .left), ("account", .left), ("amount", .right), ("", .left)])
            for row in rows { table.add(row) }
            return table.render()
        }
    }
}
