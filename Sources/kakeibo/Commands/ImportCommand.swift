import ArgumentParser

/// `kakeibo import journal|…`: bring books kept elsewhere in, as events with provenance.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import books kept elsewhere: hledger/ledger journals, bank CSV statements, bank statement files, receipts.",
        subcommands: [ImportJournal.self, ImportCSV.self, ImportStatement.self, ImportReceipt.self])
}
