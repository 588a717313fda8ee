import KakeiboDomain
import KakeiboLedger

// `receipt show`: an imported receipt's fields, confidences and the rows they cite.
// Everything read from an image passes `TerminalText.safe` before it is printed.

extension ReceiptRecord {
    /// `receipt show ID`: the receipt, its expense, then tables of fields, items and the rows the fields cite.
    public func text(ledger: Ledger) throws -> String {
        var lines = [
            "receipt      \(scan.receiptID)",
            // The review state by the rule `receipts list` uses, so the two never disagree.
            "transaction  \(transactionID ?? "none")" + (needsReview ? "  (needs review)" : flagged ? "  (reviewed)" : ""),
            "file         \(provenance ?? "-")",
            "image        sha256:\(scan.imageSHA256)",
            "engine       \(scan.engine.name) \(scan.engine.version) (\(scan.engine.language))",
            "prepared     \(scan.preprocessing.isEmpty ? "-" : scan.preprocessing.joined(separator: ", "))",
        ]
        lines.insert(contentsOf: scan.engine.models.sorted { $0.key < $1.key }.map { "model        \(TerminalText.safe($0.key)) sha256:\($0.value)" }, at: 5)
        if let txn = transaction, let amount = txn.amount {
            let category = try txn.toAccountID.flatMap { try ledger.account(id: $0)?.name.rawValue } ?? "?"
            lines.append("expense      \(amount) on \(txn.date), \(txn.payee ?? "no payee"), \(category)" + (txn.isVoided ? " (voided)" : ""))
        }
        lines.append("")
        var table = TextTable([("field", .left), ("value", .left), ("confidence", .right), ("rows", .left)])
        let currency = Self.fieldText(scan.fields["currency"]).flatMap { try? Currency(code: $0) }
        for name in Self.fieldOrder(scan) {
            guard let field = scan.fields[name] else { continue }
            table.add([name, Self.value(field, currency: currency), Self.percent(field.confidenceBasisPoints),
                       field.rows.map(String.init).joined(separator: ",")])
        }
        lines.append(table.render())
        if !scan.items.isEmpty {
            lines.append("")
            var items = TextTable([("item", .left), ("qty", .right), ("amount", .right), ("confidence", .right), ("rows", .left)])
            for item in scan.items {
                let amount = currency.map { Money(minorUnits: item.amountMinorUnits, currency: $0).description } ?? "\(item.amountMinorUnits) (minor units)"
                items.add([item.text, item.quantity.map(String.init) ?? "", amount, Self.percent(item.confidenceBasisPoints),
                           item.rows.map(String.init).joined(separator: ",")])
            }
            lines.append(items.render())
        }
        let cited = Set(scan.fields.values.flatMap(\.rows))
        let rows = scan.rows.filter { cited.contains($0.index) }
        if !rows.isEmpty {
            lines.append("")
            var rowTable = TextTable([("row", .right), ("confidence", .right), ("text", .left)])
            for row in rows { rowTable.add([String(row.index), Self.percent(row.confidenceBasisPoints), row.text]) }
            lines.append(rowTable.render())
        }
        for warning in scan.warnings { lines.append("warning: \(warning)") }
        return TerminalText.safe(lines.joined(separator: "\n"))
    }

    /// `receipt show ID --format json`: the record and its `ReceiptScanned` payload as stored.
    public var json: JSONValue {
        .object([
            "receipt": .string(scan.receiptID),
            "transaction": transactionID.map(JSONValue.string) ?? .null,
            "needsReview": .bool(needsReview),
            "flagged": .bool(flagged),
            "position": .int(position),
            "file": provenance.map(JSONValue.string) ?? .null,
            "scan": LedgerEvent.receiptScanned(scan).payload,
        ])
    }

    private static func fieldOrder(_ scan: LedgerEvent.ReceiptScanned) -> [String] {
        let known = ["merchant", "date", "time", "total", "currency", "subtotal", "tax", "rounding", "discount", "cash", "change"]
        return known + scan.fields.keys.filter { !known.contains($0) }.sorted()
    }

    private static func fieldText(_ field: LedgerEvent.ReceiptScanned.Field?) -> String? {
        if case .text(let text)? = field?.value { return text }
        return nil
    }

    private static func value(_ field: LedgerEvent.ReceiptScanned.Field, currency: Currency?) -> String {
        switch field.value {
        case .text(let text): return text
        case .minorUnits(let minor):
            guard let currency else { return "\(minor) (minor units)" }
            return Money(minorUnits: minor, currency: currency).description
        }
    }

    private static func percent(_ basisPoints: Int64) -> String { "\(basisPoints / 100)%" }
}
