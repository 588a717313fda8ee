import KakeiboDomain
import KakeiboLedger

extension ReceiptSummary {
    /// `receipts list [--needs-review]` in the form asked for (CSV prints the table, as it always has).
    public static func text(_ receipts: [ReceiptSummary], _ format: ReportFormat, needsReview: Bool) -> String {
        switch format {
        case .json:
            return JSONValue.array(receipts.map { receipt in
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
            }).prettyString()
        case .table, .csv:
            guard !receipts.isEmpty else { return needsReview ? "no receipt needs review" : "no receipts imported" }
            var table = TextTable([("transaction", .left), ("date", .left), ("amount", .right), ("payee", .left), ("review", .left)])
            for receipt in receipts {
                let txn = receipt.transaction
                let review = receipt.needsReview ? "needs review" : receipt.flagged ? "reviewed" : ""
                // The last 8, as `register` shows: ids are time-ordered, so their start is the import time, shared by a batch.
                table.add([txn.map { String($0.id.suffix(8)) } ?? "-", txn.map { $0.date.description } ?? "-",
                           txn?.amount.map { "\($0)" } ?? "-", TerminalText.safe(txn?.payee ?? "-"), txn?.isVoided == true ? "voided" : review])
            }
            return table.render()
        }
    }
}
