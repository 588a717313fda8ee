import KakeiboDomain
import KakeiboLedger

/// Receipt imports for people and for scripts. Everything read from an image passes `TerminalText.safe` before it
/// is printed. Here, beside the other reports, rather than in the CLI: the web app's capture page could say the same.
extension ReceiptImport {
    /// One line per file: what was (or would be) appended. A dry run lists the events, one per line after it.
    public func line(file: String, reasons: [String] = [], dryRun: Bool, ledger: Ledger) throws -> String {
        let txn = transactionID ?? "?"
        if alreadyRecorded {
            return TerminalText.safe("\(file): already imported as \(txn); nothing appended")
        }
        var lines = [dryRun ? "\(file): would append \(events.count) events" : "\(file): imported as \(txn)"
            + (needsReview ? (reasons.isEmpty ? " (needs review)" : " (needs review: \(reasons.joined(separator: ", ")))") : "")]
        var names: [String: String] = [:]
        for event in events {
            if case .accountOpened(let opened) = event { names[opened.accountID] = opened.name.rawValue }
        }
        func name(_ id: String) throws -> String {
            if let known = names[id] { return known }
            return try ledger.account(id: id)?.name.rawValue ?? id
        }
        for event in events {
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
        return TerminalText.safe(lines.joined(separator: "\n"))
    }

    /// One file's object in `import receipt --format json`: what was recorded, or why nothing was (`error`).
    public static func json(file: String, _ result: ReceiptImport?, error: String?, dryRun: Bool) -> JSONValue {
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
}
