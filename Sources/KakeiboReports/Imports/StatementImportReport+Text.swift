import KakeiboDomain
import KakeiboInterop

extension StatementImportReport {
    /// `import statement`'s answer, per file: what was appended, what the bank warned of, what was left out, and the
    /// closing balance against the ledger's. JSON or a table (the command offers no CSV).
    public func text(json: Bool) -> String {
        if json {
            return JSONValue.object([
                "account": .string(account.rawValue),
                "appended": .int(Int64(appended)),
                "alreadyRecorded": .int(Int64(alreadyRecorded)),
                "files": .array(files.map(\.json)),
                "accountsOpened": .array(accountsOpened.map(\.json)),
                "position": .int(position),
            ]).prettyString()
        }
        var lines: [String] = []
        for file in files {
            lines.append(TerminalText.safe("imported \(file.path) (\(file.format.rawValue)): \(TerminalText.count(file.appended, "transaction")) "
                                           + "appended, \(file.alreadyRecorded) already recorded"))
            for warning in file.warnings { lines.append(TerminalText.safe("  the bank says: \(warning)")) }
            for skipped in file.skipped { lines.append(TerminalText.safe("  left out: \(skipped)")) }
            if let closing = file.closingBalance {
                let asserted = file.assertionRecorded ? "; recorded as a balance assertion" : ""
                if closing.statement == closing.ledger {
                    lines.append(TerminalText.safe("  closing balance \(closing.statement) on \(closing.date) agrees with the ledger\(asserted)"))
                } else {
                    let difference = (try? closing.statement.subtracting(closing.ledger)).map { " (difference \($0))" } ?? ""
                    lines.append(TerminalText.safe("  closing balance \(closing.statement) on \(closing.date), but the ledger has "
                                                   + "\(closing.ledger)\(difference)\(asserted)"))
                }
            }
        }
        if !accountsOpened.isEmpty { lines.append(JournalImportReport.OpenedAccount.table(accountsOpened)) }
        return lines.joined(separator: "\n")
    }
}

extension StatementImportReport.File {
    /// One statement file in `import statement --format json`.
    var json: JSONValue {
        var object: [String: JSONValue] = [
            "file": .string(path), "format": .string(format.rawValue),
            "transactions": .int(Int64(transactions)), "appended": .int(Int64(appended)),
            "alreadyRecorded": .int(Int64(alreadyRecorded)),
            "warnings": .array(warnings.map(JSONValue.string)), "skipped": .array(skipped.map(JSONValue.string)),
        ]
        if let closing = closingBalance {
            object["closingBalance"] = ["date": .string(closing.date.description), "statement": .string(closing.statement.decimalString),
                                        "ledger": .string(closing.ledger.decimalString), "currency": .string(closing.statement.currency.code),
                                        "assertionRecorded": .bool(assertionRecorded)]
        }
        return .object(object)
    }
}
