import ArgumentParser
import KakeiboDomain
import KakeiboLedger
import KakeiboProjections

struct Forecast: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Spend forecasts per expense category: the rest of this month and the next, with an 80 % interval.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @Option(name: .customLong("as-of"), help: ArgumentHelp("Forecast as of this date (default: today).", valueName: "YYYY-MM-DD"),
            transform: LocalDate.init(iso:))
    var asOf: LocalDate?
    @Flag(help: "Replay the last months (or weeks) as of each period's eve and report the error and the interval coverage.")
    var backtest = false
    @Option(help: "How many past months --backtest replays.") var months: Int = 6
    @Option(help: "How many past weeks --backtest --period weekly replays.") var weeks: Int = 12
    @Option(help: ArgumentHelp("weekly or monthly (default: each category in its budget's period; monthly for --backtest).",
                               valueName: "period"))
    var period: PeriodLength?
    @Flag(help: "List what the forecast rules (a journal's periodic transactions that are not budgets) plan from the as-of date through the end of next month, instead of the spend forecasts.")
    var rules = false

    func validate() throws {
        if !(1...36).contains(months) { throw ValidationError("--months must be 1 to 36") }
        if !(1...104).contains(weeks) { throw ValidationError("--weeks must be 1 to 104") }
    }

    func run() throws {
        let ledger = try global.openLedger()
        if backtest {
            let length = period ?? .monthly
            let result = try ledger.forecastBacktest(asOf: asOf, months: length == .weekly ? weeks : months, length: length)
            let mape = result.meanAbsolutePercentageErrorBasisPoints.map(PeriodOption.percent) ?? "-"
            let coverage = result.intervalCoverageBasisPoints.map(PeriodOption.percent) ?? "-"
            switch output.format {
            case .json:
                Printer.json(["period": .string(length.rawValue), "periods": .int(Int64(result.months)),
                              "months": length == .monthly ? .int(Int64(result.months)) : .null, "comparisons": .int(Int64(result.comparisons)),
                              "meanAbsolutePercentageErrorBasisPoints": result.meanAbsolutePercentageErrorBasisPoints.map(JSONValue.int) ?? .null,
                              "intervalCoverageBasisPoints": result.intervalCoverageBasisPoints.map(JSONValue.int) ?? .null])
            case .csv:
                print(CSVWriter.render(header: ["months", "comparisons", "mape", "coverage"],
                                       rows: [[String(result.months), String(result.comparisons), mape, coverage]]))
            case .table:
                let unit = length == .weekly ? "week" : "month"
                print("backtest over \(result.months) \(unit)s, \(result.comparisons) category-\(unit)s: MAPE \(mape), 80 % interval coverage \(coverage)")
            }
            return
        }
        let start = try asOf ?? ledger.today()
        let through = start.firstOfMonth.adding(months: 2).adding(days: -1)
        let planned = try ledger.plannedTransactions(from: start, through: through)
        if rules {
            printPlanned(planned)
            return
        }
        defer {
            if output.format == .table, !planned.isEmpty {
                print("\nplanned by forecast rules, \(start) to \(through) (--rules for these alone):")
                printPlanned(planned)
            }
        }
        let report = try ledger.spendForecasts(asOf: asOf, length: period)
        switch output.format {
        case .json:
            Printer.json(report.json)
        case .csv, .table:
            let rows = report.forecasts.map { line -> [String] in
                let f = line.forecast
                func m(_ v: Int64) -> String { Money(minorUnits: v, currency: f.currency).decimalString }
                return [line.category.name.rawValue, f.period.description, m(f.spentSoFar), m(f.restOfPeriod.point), "\(m(f.restOfPeriod.low))–\(m(f.restOfPeriod.high))",
                        m(f.nextPeriod.point), "\(m(f.nextPeriod.low))–\(m(f.nextPeriod.high))", String(f.recurring.count)]
            }
            if output.format == .csv {
                print(CSVWriter.render(
                    header: ["category", "period", "spent", "rest", "rest_low", "rest_high", "next", "next_low", "next_high", "recurring"],
                    rows: report.forecasts.map { line in
                        let f = line.forecast
                        func m(_ v: Int64) -> String { Money(minorUnits: v, currency: f.currency).decimalString }
                        return [line.category.name.rawValue, f.period.description, m(f.spentSoFar), m(f.restOfPeriod.point),
                                m(f.restOfPeriod.low), m(f.restOfPeriod.high), m(f.nextPeriod.point), m(f.nextPeriod.low),
                                m(f.nextPeriod.high), String(f.recurring.count)]
                    }))
            } else {
                var table = TextTable([("category", .left), ("period", .left), ("spent", .right), ("rest", .right), ("rest 80 %", .right),
                                       ("next", .right), ("next 80 %", .right), ("recurring", .right)])
                for row in rows { table.add(row) }
                print(table.render())
            }
        }
    }

    /// One row per planned posting: date, rule, description, account, amount, commodity.
    func printPlanned(_ planned: [PlannedTransaction]) {
        let rows = planned.flatMap { txn in
            txn.postings.map { [txn.date.description, txn.rule, txn.description ?? "", $0.account.rawValue, $0.amount.decimalString, $0.amount.currency.code] }
        }
        switch output.format {
        case .json:
            Printer.json(.array(planned.map { txn in
                ["date": .string(txn.date.description), "rule": .string(txn.rule), "description": txn.description.map(JSONValue.string) ?? .null,
                 "postings": .array(txn.postings.map { ["account": .string($0.account.rawValue), "amount": .string($0.amount.decimalString),
                                                         "commodity": .string($0.amount.currency.code)] })]
            }))
        case .csv:
            print(CSVWriter.render(header: ["date", "rule", "description", "account", "amount", "commodity"], rows: rows))
        case .table:
            var table = TextTable([("date", .left), ("rule", .left), ("description", .left), ("account", .left), ("amount", .right), ("", .left)])
            for row in rows { table.add(row.map(Terminal.safe)) }
            print(table.render())
        }
    }
}
