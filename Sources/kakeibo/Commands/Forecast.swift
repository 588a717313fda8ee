import ArgumentParser
import KakeiboDomain
import KakeiboLedger
import KakeiboReports

struct Forecast: ParsableCommand, CommonCommand {
    static let configuration = CommandConfiguration(
        abstract: "Spend forecasts per expense category: the rest of this month and the next, with an 80 % interval.")
    @OptionGroup var common: CommonOptions
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
            return print(result.text(output.format, length: length))
        }
        let start = try asOf ?? ledger.today()
        let through = start.firstOfMonth.adding(months: 2).adding(days: -1)
        let planned = try ledger.plannedTransactions(from: start, through: through)
        if rules { return print(PlannedTransaction.text(planned, output.format)) }
        defer {
            if output.format == .table, !planned.isEmpty {
                print("\nplanned by forecast rules, \(start) to \(through) (--rules for these alone):")
                print(PlannedTransaction.text(planned, output.format))
            }
        }
        print(try ledger.spendForecasts(asOf: asOf, length: period).text(output.format))
    }
}
