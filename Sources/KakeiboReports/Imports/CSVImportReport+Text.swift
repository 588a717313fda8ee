import KakeiboDomain
import KakeiboInterop

extension CSVImportReport {
    /// `import csv`: the rows appended and already recorded, and the accounts the rules opened, in the form asked
    /// for. `typed` is the statement's path as the user gave it, which the table's first line names.
    public func text(_ format: ReportFormat, typed: String) -> String {
        switch format {
        case .json:
            return JSONValue.object([
                "file": .string(file),
                "rows": .int(Int64(rows)),
                "appended": .int(Int64(appended)),
                "alreadyRecorded": .int(Int64(alreadyRecorded)),
                "accountsOpened": .array(accountsOpened.map(\.json)),
                "position": .int(position),
            ]).prettyString()
        case .csv:
            return CSVWriter.render(header: ["rows", "appended", "already_recorded", "accounts_opened", "position"],
                                    rows: [[String(rows), String(appended), String(alreadyRecorded),
                                            String(accountsOpened.count), String(position)]])
        case .table:
            var lines = [TerminalText.safe("imported \(typed): \(TerminalText.count(appended, "row")) appended, \(alreadyRecorded) already recorded")]
            if !accountsOpened.isEmpty { lines.append(JournalImportReport.OpenedAccount.table(accountsOpened)) }
            return lines.joined(separator: "\n")
        }
    }
}
