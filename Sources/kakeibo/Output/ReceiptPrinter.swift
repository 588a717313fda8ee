import Foundation
import KakeiboDomain
import KakeiboLedger

/// Receipt imports and scans for people and for scripts. Everything read from an image passes
/// `Terminal.safe` before it is printed.
enum ReceiptPrinter {
    /// One line per file: what was (or would be) appended.
    static func line(_ file: String, _ result: ReceiptImport, reasons: [String] = [], dryRun: Bool, ledger: Ledger) throws -> String {
        let txn = result.transactionID ?? "?"
        if result.alreadyRecorded {
            return Terminal.safe("\(file): already imported as \(txn); nothing appended")
        }
        var lines = [dryRun ? "\(file): would append \(result.events.count) events" : "\(file): imported as \(txn)"
            + (result.needsReview ? (reasons.isEmpty ? " (needs review)" : " (needs review: \(reasons.joined(separator: ", ")))") : "")]
        var names: [String: String] = [:]
        for event in result.events {
            if case .accountOpened(let opened) = event { names[opened.accountID] = opened.name.rawValue }
        }
        func name(_ id: String) throws -> String {
            if let known = names[id] { return known }
            return try ledger.account(id: id)?.name.rawValue ?? id
        }
        for event in result.events {
            switch event {
            case .accountOpened(let e): lines.append("  AccountOpened \(e.name.rawValue)")
            case .categoryDefined(let e): lines.append("  CategoryDefined \(e.displayName)")
            case .receiptScanned(let e):
                lines.append("  ReceiptScanned \(e.receiptID): \(e.rows.count) rows, fields \(e.fields.keys.sorted().joined(separator: ", "))")
            case .expenseCaptured(let e):
                lines.append("  ExpenseCaptured \(e.transactionID): \(e.amount) on \(e.date) from \(try name(e.fromAccountID)) "
                             + "to \(try name(e.toAccountID)), payee \(e.payee.map { "\"\($0)\"" } ?? "none")"
                             + (e.needsReview ? ", needs review" : ""))
            default: lines.append("  \(event.type)")
            }
        }
        if !dryRun { lines = [lines[0]] }
        return Terminal.safe(lines.joined(separator: "\n"))
    }

    static func json(_ file: String, _ result: ReceiptImport?, error: String?, dryRun: Bool) -> JSONValue {
        var object: [String: JSONValue] = ["file": .string(file)]
        if let error {
            object["status"] = "failed"
            object["error"] = .string(error)
            return .object(object)
        }
        guard let result else { return .object(object) }
        object["status"] = result.alreadyRecorded ? "alreadyImported" : dryRun ? "wouldImport" : "imported"
        object["transaction"] = result.transactionID.map(JSONValue.string) ?? .null
        object["receipt"] = result.receiptID.map(JSONValue.string) ?? .null
        object["needsReview"] = .bool(result.needsReview)
        object["positions"] = .array(result.positions.map(JSONValue.int))
        object["events"] = .array(result.events.map { ["type": .string($0.type), "payload": $0.payload] })
        return .object(object)
    }

    // MARK: - receipt show

    static func show(_ record: ReceiptRecord, ledger: Ledger) throws -> String {
        let scan = record.scan
        var lines = [
            "receipt      \(scan.receiptID)",
            // The review state by the rule `receipts list` uses, so the two never disagree.
            "transaction  \(record.transactionID ?? "none")" + (record.needsReview ? "  (needs review)" : record.flagged ? "  (reviewed)" : ""),
            "file         \(record.provenance ?? "-")",
            "image        sha256:\(scan.imageSHA256)",
            "engine       \(scan.engine.name) \(scan.engine.version) (\(scan.engine.language))",
            "prepared     \(scan.preprocessing.isEmpty ? "-" : scan.preprocessing.joined(separator: ", "))",
        ]
        lines.insert(contentsOf: scan.engine.models.sorted { $0.key < $1.key }.map { "model        \(Terminal.safe($0.key)) sha256:\($0.value)" }, at: 5)
        if let txn = record.transaction, let amount = txn.amount {
            let category = try txn.toAccountID.flatMap { try ledger.account(id: $0)?.name.rawValue } ?? "?"
            lines.append("expense      \(amount) on \(txn.date), \(txn.payee ?? "no payee"), \(category)" + (txn.isVoided ? " (voided)" : ""))
        }
        lines.append("")
        var table = TextTable([("field", .left), ("value", .left), ("confidence", .right), ("rows", .left)])
        let currency = fieldText(scan.fields["currency"]).flatMap { try? Currency(code: $0) }
        for name in fieldOrder(scan) {
            guard let field = scan.fields[name] else { continue }
            table.add([name, value(field, currency: currency), percent(field.confidenceBasisPoints),
                       field.rows.map(String.init).joined(separator: ",")])
        }
        lines.append(table.render())
        if !scan.items.isEmpty {
            lines.append("")
            var items = TextTable([("item", .left), ("qty", .right), ("amount", .right), ("confidence", .right), ("rows", .left)])
            for item in scan.items {
                let amount = currency.map { Money(minorUnits: item.amountMinorUnits, currency: $0).description } ?? "\(item.amountMinorUnits) (minor units)"
                items.add([item.text, item.quantity.map(String.init) ?? "", amount, percent(item.confidenceBasisPoints),
                           item.rows.map(String.init).joined(separator: ",")])
            }
            lines.append(items.render())
        }
        let cited = Set(scan.fields.values.flatMap(\.rows))
        let rows = scan.rows.filter { cited.contains($0.index) }
        if !rows.isEmpty {
            lines.append("")
            var rowTable = TextTable([("row", .right), ("confidence", .right), ("text", .left)])
            for row in rows { rowTable.add([String(row.index), percent(row.confidenceBasisPoints), row.text]) }
            lines.append(rowTable.render())
        }
        for warning in scan.warnings { lines.append("warning: \(warning)") }
        return Terminal.safe(lines.joined(separator: "\n"))
    }

    static func showJSON(_ record: ReceiptRecord) -> JSONValue {
        .object([
            "receipt": .string(record.scan.receiptID),
            "transaction": record.transactionID.map(JSONValue.string) ?? .null,
            "needsReview": .bool(record.needsReview),
            "flagged": .bool(record.flagged),
            "position": .int(record.position),
            "file": record.provenance.map(JSONValue.string) ?? .null,
            "scan": LedgerEvent.receiptScanned(record.scan).payload,
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
