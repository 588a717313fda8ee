import ArgumentParser

/// `kakeibo export journal|…`: leave with your books in a plain-text format other tools read.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export the ledger's current state as an hledger journal or a beancount file.",
        subcommands: [ExportJournal.self, ExportBeancount.self])
}
