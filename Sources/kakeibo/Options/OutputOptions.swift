import ArgumentParser

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case table, json, csv
}

/// `--format`, on every command that prints something.
struct OutputOptions: ParsableArguments {
    @Option(help: "Output format: table, json or csv.")
    var format: OutputFormat = .table
}
