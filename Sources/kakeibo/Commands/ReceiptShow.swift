import ArgumentParser
import KakeiboLedger

/// `kakeibo receipt show ID` (or `receipts show`): one imported receipt, its fields and the rows they were read from.
struct ReceiptShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print a receipt's parsed fields, their confidences and the rows they cite.",
        discussion: "Correct a field with `kakeibo edit TXN --amount … --date … --payee … --category …`; the edit is kept as a TransactionEdited event.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @Argument(help: "The transaction id or the receipt id (4+ characters of its start or end).") var id: String

    func run() throws {
        let ledger = try global.openLedger()
        let record = try ledger.receipt(matching: id)
        switch output.format {
        case .json: Printer.json(ReceiptPrinter.showJSON(record))
        case .table, .csv: print(try ReceiptPrinter.show(record, ledger: ledger))
        }
    }
}
