import ArgumentParser
import KakeiboDomain

/// What `incomestatement` and `balancesheet` share: the ledger, the format, the scope, the period, the columns and
/// the query terms, and printing the statement they ask for.
struct StatementOptions: ParsableArguments {
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @OptionGroup var scope: ScopeOptions
    @OptionGroup var period: ReportOptions
    @OptionGroup var columns: ColumnOptions
    @Argument(help: ArgumentHelp("Query terms, as for balance.", valueName: "query")) var query: [String] = []
}
