import ArgumentParser
import KakeiboDomain
import KakeiboInterop
import KakeiboLedger

struct ImportCSV: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "csv",
        abstract: "Import a bank's CSV statement through hledger-like rules: all of it or, on any error, nothing.",
        discussion: """
            Rows already imported (by an overlapping statement) are left out; identical rows in one file \
            (two coffees on one day) all stay. Cells are never evaluated as formulas.
            """)
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
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
        switch output.format {
        case .json:
            Printer.json([
                "file": .string(report.file),
                "rows": .int(Int64(report.rows)),
                "appended": .int(Int64(report.appended)),
                "alreadyRecorded": .int(Int64(report.alreadyRecorded)),
                "accountsOpened": .array(report.accountsOpened.map { account in
                    ["name": .string(account.name.rawValue), "type": .string(account.type.rawValue),
                     "currency": .string(account.currency.code)]
                }),
                "position": .int(report.position),
            ])
        case .csv:
            print(CSVWriter.render(header: ["rows", "appended", "already_recorded", "accounts_opened", "position"],
                                   rows: [[String(report.rows), String(report.appended), String(report.alreadyRecorded),
                                           String(report.accountsOpened.count), String(report.position)]]))
        case .table:
            print(Terminal.safe("imported \(file): \(Terminal.count(report.appended, "row")) appended, \(report.alreadyRecorded) already recorded"))
            if !report.accountsOpened.isEmpty {
                var table = TextTable([("opened account", .left), ("type", .left), ("currency", .left)])
                for account in report.accountsOpened {
                    table.add([account.name.rawValue, account.type.rawValue, account.currency.code])
                }
                print(table.render())
            }
        }
    }
}
