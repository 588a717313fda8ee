import ArgumentParser
import KakeiboLedger

struct BalanceSheet: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "balancesheet",
        abstract: "Assets, liabilities and equity at the end of the period (or of each column), with net worth (as hledger bs).",
        aliases: ["bs"])
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var scope: ScopeOptions
    @OptionGroup var period: ReportOptions
    @OptionGroup var columns: ColumnOptions
    @Argument(help: ArgumentHelp("Query terms, as for balance.", valueName: "query")) var query: [String] = []

    func run() throws {
        let ledger = try global.openLedger()
        let query = try period.query(words: query, today: try ledger.today())
        let report = try ledger.periodBalances(query, interval: columns.interval, depth: columns.depth, historical: true, scope.scope)
        Printer.statement(try FinancialStatement(kind: .balanceSheet, report: report), format: output.format)
    }
}
