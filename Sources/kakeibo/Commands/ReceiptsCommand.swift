import ArgumentParser

/// `kakeibo receipts eval|read`: measure and inspect receipt reading without touching a ledger.
struct ReceiptsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "receipts",
        abstract: "Measure and inspect receipt reading (OCR and field extraction); no ledger needed.",
        subcommands: [ReceiptsEval.self, ReceiptsRead.self, ReceiptsTrain.self])
}
