import ArgumentParser
import KakeiboDomain
import KakeiboInterop
import KakeiboReports

/// `kakeibo import statement FILE… --account ACCOUNT`: bank statement files (OFX/QFX, QIF, camt.053,
/// MT940) into transactions, all or nothing; the logic is `StatementImporter`'s.
struct ImportStatement: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "statement",
        abstract: "Import bank statement files (OFX, QFX, QIF, camt.053, MT940) into an account: all of them or, on any error, nothing.",
        discussion: """
            The format and the text encoding are read from the file unless named. Each transaction goes between ACCOUNT \
            and the account the rules file picks (the rules of import csv: if blocks with account2 and description), \
            else the suggested category, else expenses:unknown or income:unknown. Transactions imported before (the same \
            bank id, or without one the same date, amount, payee and place within that day) are left out, so overlapping \
            statements import each transaction once. A statement's closing balance is recorded as a balance assertion (once) and compared with the ledger's.
            """)
    enum FormatChoice: String, ExpressibleByArgument, CaseIterable { case auto, ofx, qif, camt053, mt940 }
    enum Output: String, ExpressibleByArgument, CaseIterable { case table, json }

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The statement files.", valueName: "file")) var files: [String]
    @Option(help: ArgumentHelp("The bank or card account the statements are of.", valueName: "account")) var account: String
    @Option(help: ArgumentHelp("A CSV rules file whose if blocks pick categories and rewrite payees.", valueName: "rules"))
    var rules: String?
    @Option(help: "The statement format: auto, ofx (also QFX), qif, camt053 or mt940.") var format: FormatChoice = .auto
    @Option(help: ArgumentHelp("The text encoding: utf-8, utf-16, utf-16be, windows-1252 or iso-8859-1 (default: from the file).",
                               valueName: "encoding"))
    var encoding: String?
    @Option(help: "Output: table or json.") var output: Output = .table

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("name at least one statement file") }
        if let encoding, StatementEncoding(name: encoding) == nil {
            throw ValidationError("unknown encoding \"\(encoding)\": use utf-8, utf-16, utf-16be, windows-1252 or iso-8859-1")
        }
    }

    func run() throws {
        let ledger = try global.openLedger()
        let options = StatementImporter.Options(
            account: account, rules: try rules.map { path throws(ImportError) in try CSVRules.read(path: path, statement: true) },
            format: StatementFormat(rawValue: format.rawValue), encoding: encoding.flatMap(StatementEncoding.init(name:)))
        let report = try StatementImporter.importStatements(paths: files, options: options, into: ledger)
        print(report.text(json: output == .json))
    }
}
