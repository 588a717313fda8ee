import ArgumentParser
import KakeiboLedger

struct IncomeStatement: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "incomestatement", abstract: "Revenues and expenses over a period, with subtotals and net (as hledger is).",
        aliases: ["is"])
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var scope: ScopeOptions
    @OptionGroup var period: ReportOptions
    @OptionGroup var columns: ColumnOptions
    @Argument(help: ArgumentHelp("Query terms, as for balance.", valueName: "query")) var query: [String] = []

    func run() throws {
        let ledger = try global.openLedger()
        let query = try period.query(words: query, today: try ledger.today())
        let report = try ledger.periodBalances(query, interval: columns.interval, depth: columns.depth, scope.scope)
        Printer.statement(try FinancialStatement(kind: .incomeStatement, report: report), format: output.format)
    }
}
