import ArgumentParser
import KakeiboLedger

/// `kakeibo receipt accept ID [--reason …]`: a person checked a receipt flagged at import and found it read right.
/// Without it the only way to clear the flag was an edit, which refuses to change nothing.
struct ReceiptAccept: RecordingCommand, CommonCommand {
    static let configuration = CommandConfiguration(
        commandName: "accept",
        abstract: "Mark a receipt that needs review as checked and right.",
        discussion: "Appends an edit of its expense whose only change is `reviewed`; `kakeibo history TXN` shows it. "
            + "To correct a field instead, use `kakeibo edit TXN --amount … --date … --payee … --category …`.")
    @OptionGroup var common: CommonOptions
    @Argument(help: "The transaction id or the receipt id (4+ characters of its start or end).") var id: String
    @Option(help: "Why; shown in the history.") var reason: String?

    func record(on ledger: Ledger) throws -> RecordResult {
        try ledger.acceptReceipt(matching: id, reason: reason)
    }
}
