import ArgumentParser
import KakeiboDomain
import KakeiboLedger
import KakeiboReports

/// What `incomestatement` and `balancesheet` share: the ledger, the format, the scope, the period, the columns and
/// the query terms, and printing the statement they ask for.
struct StatementOptions: ParsableArguments {
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var scope: ScopeOptions
    @OptionGroup var period: ReportOptions
    @OptionGroup var columns: ColumnOptions
    @Argument(help: ArgumentHelp("Query terms, as for balance.", valueName: "query")) var query: [String] = []

    /// `historical`: balances count everything before each column (a balance sheet), not only the column's postings.
    func print(_ kind: FinancialStatement.Kind, historical: Bool) throws {
        let ledger = try global.openLedger()
        let query = try period.query(words: query, today: try ledger.today())
        let report = try ledger.periodBalances(query, interval: columns.interval, depth: columns.depth, historical: historical, scope.scope)
        // The table shows each commodity at its display precision; CSV and JSON keep every stored digit (issue 36).
        let shown = output.format == .table ? try ledger.displayPrecision() : DisplayPrecision.stored
        Printer.statement(shown.shown(try FinancialStatement(kind: kind, report: report)), format: output.format)
    }
}
