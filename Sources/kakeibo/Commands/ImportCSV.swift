import ArgumentParser
import KakeiboDomain
import KakeiboInterop
import KakeiboReports

struct ImportCSV: ParsableCommand, CommonCommand {
    static let configuration = CommandConfiguration(
        commandName: "csv",
        abstract: "Import a bank's CSV statement through hledger-like rules: all of it or, on any error, nothing.",
        discussion: """
            Rows already imported (by an overlapping statement) are left out; identical rows in one file \
            (two coffees on one day) all stay. Cells are never evaluated as formulas.
            """)
    @OptionGroup var common: CommonOptions
    @Argument(help: ArgumentHelp("The CSV statement.", valueName: "file")) var file: String
    @Option(help: ArgumentHelp("The rules file: fields, date-format, account1, if … account2.", valueName: "rules"))
    var rules: String
    @Option(help: ArgumentHelp("The text encoding: utf-8, utf-16, utf-16be, windows-1252 or iso-8859-1 (default: from the file).",
                               valueName: "encoding"))
    var encoding: String?

    func validate() throws {
        if let encoding, StatementEncoding(name: encoding) == nil {
            throw ValidationError("unknown encoding \"\(encoding)\": use utf-8, utf-16, utf-16be, windows-1252 or iso-8859-1")
        }
    }

    func run() throws {
        let ledger = try global.openLedger()
        let report = try CSVImporter.importStatement(path: file, rules: try CSVRules.read(path: rules),
                                                     encoding: encoding.flatMap(StatementEncoding.init(name:)), into: ledger)
        print(report.text(output.format, typed: file))
    }
}
