import ArgumentParser

/// `kakeibo receipts read|eval|show|list|accept` (also spelt `receipt`): one group for reading receipts, measuring the reading,
/// and showing the receipts a ledger imported (import them with `kakeibo import receipt`).
struct ReceiptsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "receipts",
        abstract: "Read and measure receipt reading (no ledger needed), and show imported receipts.",
        subcommands: [ReceiptsRead.self, ReceiptsEval.self, ReceiptShow.self, ReceiptsList.self, ReceiptAccept.self, ReceiptsTrain.self],
        aliases: ["receipt"])
}
