import ArgumentParser
import KakeiboDomain
import KakeiboInterop

struct ExportJournal: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "journal",
        abstract: "Print an hledger journal of the current state (edits applied, voids left out).")
    @OptionGroup var global: GlobalOptions
    @Option(name: .customLong("as-of"), help: ArgumentHelp("Only transactions dated on or before this date.", valueName: "YYYY-MM-DD"),
            transform: LocalDate.init(iso:))
    var asOf: LocalDate?

    func run() throws {
        print(try JournalExporter.export(try global.openLedger(), asOf: asOf), terminator: "")
    }
}
