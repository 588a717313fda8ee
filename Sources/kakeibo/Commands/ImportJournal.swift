import ArgumentParser
import Foundation
import KakeiboDomain
import KakeiboInterop
import KakeiboLedger
import KakeiboReports

struct ImportJournal: ParsableCommand, CommonCommand {
    static let configuration = CommandConfiguration(
        commandName: "journal",
        abstract: "Import an hledger/ledger journal: all of it or, on any error, nothing.",
        discussion: """
            Accounts are opened as needed (type from the top-level name or an `account NAME  ; type: A` \
            directive; currency from the first posting). Importing the same file again appends nothing; \
            a file that extends one imported before appends only the new transactions. Transactions an \
            earlier import of the file recorded that it no longer holds (corrected or deleted) refuse the \
            import; --replace voids them.
            """)
    @OptionGroup var common: CommonOptions
    @Argument(help: ArgumentHelp("The journal file.", valueName: "file")) var file: String
    @Flag(help: "Void the transactions, and retract the prices (`P` lines), an earlier import of this journal recorded that it no longer contains.")
    var replace = false

    func run() throws {
        let ledger = try global.openLedger()
        // On a terminal, a bar while the new transactions are recorded; nothing more in a pipe or a file.
        let progress = Terminal.progress("import", unit: "transactions")
        let report = try JournalImporter.importJournal(path: file, currentYear: try ledger.today().year, into: ledger, replace: replace) {
            progress(Int64($0), Int64($1))
        }
        // One warning for every account the journal could not type, on stderr whatever the format.
        if let warning = report.unclassifiedWarning {
            FileHandle.standardError.write(Data((Terminal.safe(warning) + "\n").utf8))
        }
        // `P` lines gone from the file without --replace stay (N17): one note says so, on stderr whatever the format.
        if let note = report.stalePricesNote(file: file) {
            FileHandle.standardError.write(Data((Terminal.safe(note) + "\n").utf8))
        }
        print(report.text(output.format, file: file, periodicSummary: report.periodicSummary))
    }
}
