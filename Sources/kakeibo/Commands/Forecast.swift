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
    @Flag(help: "Replay the last months as of each month end and report the error and the interval coverage.") var backtest = false
    @Option(help: "How many past months --backtest replays.") var months: Int = 6

    func validate() throws {
        if !(1...36).contains(months) { throw ValidationError("--months must be 1 to 36") }
    }

    func run() throws {
        let ledger = try global.openLedger()
        if backtest {
            let result = try ledger.forecastBacktest(asOf: asOf, months: months)
            let mape = result.meanAbsolutePercentageErrorBasisPoints.map(PeriodOption.percent) ?? "-"
            let coverage = result.intervalCoverageBasisPoints.map(PeriodOption.percent) ?? "-"
            switch output.format {
            case .json:
                Printer.json(["months": .int(Int64(result.months)), "comparisons": .int(Int64(result.comparisons)),
                              "meanAbsolutePercentageErrorBasisPoints": result.meanAbsolutePercentageErrorBasisPoints.map(JSONValue.int) ?? .null,
                              "intervalCoverageBasisPoints": result.intervalCoverageBasisPoints.map(JSONValue.int) ?? .null])
            case .csv:
                print(CSVWriter.render(header: ["months", "comparisons", "mape", "coverage"],
                                       rows: [[String(result.months), String(result.comparisons), mape, coverage]]))
            case .table:
                print("backtest over \(result.months) months, \(result.comparisons) category-months: MAPE \(mape), 80 % interval coverage \(coverage)")
            }
            return
        }
        let report = try ledger.spendForecasts(asOf: asOf)
        switch output.format {
        case .json:
            Printer.json(report.json)
        case .csv, .table:
            let rows = report.forecasts.map { line -> [String] in
                let f = line.forecast
                func m(_ v: Int64) -> String { Money(minorUnits: v, currency: f.currency).decimalString }
                return [line.category.name.rawValue, m(f.spentSoFar), m(f.restOfPeriod.point), "\(m(f.restOfPeriod.low))–\(m(f.restOfPeriod.high))",
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
                var table = TextTable([("category", .left), ("spent", .right), ("rest", .right), ("rest 80 %", .right),
                                       ("next month", .right), ("next 80 %", .right), ("recurring", .right)])
                for row in rows { table.add(row) }
                print(table.render())
            }
        }
    }
}
