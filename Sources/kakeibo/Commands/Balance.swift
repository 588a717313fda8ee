import ArgumentParser
import KakeiboDomain
import KakeiboReports

struct Balance: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Account balances: a tree with roll-ups (table), or one row per account and currency (csv).",
        aliases: ["bal"])
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var scope: ScopeOptions
    @OptionGroup var period: ReportOptions
    @OptionGroup var columns: ColumnOptions
    @Argument(help: ArgumentHelp("Query terms: account patterns (regular expressions), payee:, desc:, amt:<N, date:, not:.",
                                 valueName: "query"))
    var query: [String] = []
    @OptionGroup var valuation: ValuationOptions
    @Flag(name: [.customLong("real"), .customShort("R")], help: "Leave virtual postings, (account) and [account], out, as hledger -R does.")
    var real = false
    @Flag(name: .customLong("date2"), help: "Date transactions by their secondary date where they have one (a journal's DATE=DATE2), as hledger --date2 does.")
    var date2 = false

    func run() throws {
        let ledger = try global.openLedger()
        if let (commodity, then) = try valuation.target(ledger) {
            var query = try period.query(words: query, today: try ledger.today())
            query.secondaryDates = date2
            guard !real else { throw ValidationError("--value works without --real for now: leave out --real") }
            if then {
                // `then,`: each posting at its own date's price, with the same query terms, depth and columns (N15).
                if let interval = columns.interval {
                    return Printer.periods(try ledger.valuedPeriodBalancesThen(query, interval: interval, depth: columns.depth,
                                                                               in: commodity, scope.scope), format: output.format)
                }
                return Printer.valuation(try ledger.valuationThen(in: commodity, over: query, depth: columns.depth, scope.scope),
                                         format: output.format)
            }
            // -M/-W/-Q/-Y: each column valued at its last day, as hledger's `bal -M -X` does.
            if let interval = columns.interval {
                return Printer.periods(try ledger.valuedPeriodBalances(query, interval: interval, depth: columns.depth, in: commodity,
                                                                       scope.scope), format: output.format)
            }
            // -b/-e/-p: the period's change, valued at its last day (hledger's `bal -X`), not the all-time balance.
            return Printer.valuation(try ledger.valuation(in: commodity, over: query, depth: columns.depth, scope.scope),
                                     format: output.format)
        }
        guard !real || (query.isEmpty && columns.interval == nil && columns.depth == nil) else {
            throw ValidationError("--real works on the whole balance for now: leave out query terms, --depth and intervals")
        }
        var query = try period.query(words: query, today: try ledger.today())
        query.secondaryDates = date2
        // The table shows each commodity at its display precision; CSV and JSON keep every stored digit (issue 36).
        let shown = output.format == .table ? try ledger.displayPrecision() : DisplayPrecision.stored
        if let interval = columns.interval {
            return Printer.periods(shown.shown(try ledger.periodBalances(query, interval: interval, depth: columns.depth, scope.scope)),
                                   format: output.format)
        }
        // --as-of with --date2 cuts by secondary dates, which only the query path reads.
        let report = shown.shown(query.isEmpty && columns.depth == nil && (!date2 || scope.asOf == nil || real)
            ? try ledger.balances(scope.scope, real: real)
            : try ledger.balances(query, depth: columns.depth, scope.scope))
        print(report.text(output.format, asOf: scope.asOf, atPosition: scope.atPosition))
    }
}
