import ArgumentParser
import KakeiboDomain
import KakeiboLedger

/// `kakeibo receipts list [--needs-review]`: the receipts a ledger imported, and which still need a look.
struct ReceiptsList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List imported receipts: transaction, date, amount, payee and whether each still needs review.",
        discussion: "A receipt flagged at import stays to review until it is accepted (`kakeibo receipt accept TXN`), "
            + "its expense edited (`kakeibo edit TXN …`) or voided.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var output: OutputOptions
    @Flag(help: "Only receipts that still need review.") var needsReview = false

    func run() throws {
        let receipts = try global.openLedger().receipts(needingReview: needsReview)
        switch output.format {
        case .json:
            Printer.json(.array(receipts.map { receipt in
                var object: [String: JSONValue] = ["receipt": .string(receipt.receiptID), "needsReview": .bool(receipt.needsReview),
                                                   "flagged": .bool(receipt.flagged)]
                if let file = receipt.provenance { object["file"] = .string(file) }
                if let txn = receipt.transaction {
                    object["transaction"] = .string(txn.id)
                    object["date"] = .string(txn.date.description)
                    if let amount = txn.amount { object["amount"] = .string(amount.decimalString); object["currency"] = .string(amount.currency.code) }
                    if let payee = txn.payee { object["payee"] = .string(payee) }
                    object["voided"] = .bool(txn.isVoided)
                }
                return .object(object)
            }))
        case .table, .csv:
            guard !receipts.isEmpty else { return print(needsReview ? "no receipt needs review" : "no receipts imported") }
            var table = TextTable([("transaction", .left), ("date", .left), ("amount", .right), ("payee", .left), ("review", .left)])
            for receipt in receipts {
                let txn = receipt.transaction
                let review = receipt.needsReview ? "needs review" : receipt.flagged ? "reviewed" : ""
                // The last 8, as `register` shows: ids are time-ordered, so their start is the import time, shared by a batch.
                table.add([txn.map { String($0.id.suffix(8)) } ?? "-", txn.map { $0.date.description } ?? "-",
                           txn?.amount.map { "\($0)" } ?? "-", Terminal.safe(txn?.payee ?? "-"), txn?.isVoided == true ? "voided" : review])
            }
            print(table.render())
        }
    }
}
