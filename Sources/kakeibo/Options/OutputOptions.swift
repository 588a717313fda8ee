import ArgumentParser
import KakeiboReports

/// The CLI's name for the report forms, which KakeiboReports owns.
typealias OutputFormat = ReportFormat
/// The text renderers live in KakeiboReports; these names let every command use them without its own import.
typealias TextTable = KakeiboReports.TextTable
typealias CSVWriter = KakeiboReports.CSVWriter

extension ReportFormat: ExpressibleByArgument {}

/// `--format`, on every command that prints something.
struct OutputOptions: ParsableArguments {
    @Option(help: "Output format: table, json or csv.")
    var format: OutputFormat = .table
}
