import KakeiboDomain
import KakeiboProjections

extension RegisterReport {
    /// `register`'s rows in `format`. `unsynced` is the transaction ids still in the outbox when the file syncs with a
    /// server (nil when it never synced): their rows are marked, in a `sync` column or an `unsynced` field. Moved here
    /// from the CLI (issue 35) beside the other reports' text; the output is byte-identical.
    public func text(_ format: ReportFormat, unsynced: Set<String>?) -> String {
        func pending(_ id: String) -> Bool { unsynced?.contains(id) ?? false }
        // A dated note (a transaction with no postings) is a row with no account, amount or balance.
        let rows = rows.map { row -> (date: String, id: String, payee: String?, account: String, currency: String, amount: String,
                                      shown: String, balance: String, shownBalance: String, status: TransactionStatus?, code: String?) in
            if let entry = row.entry {
                return (entry.posted.date.description, entry.posted.transactionID, entry.posted.payee, entry.posted.account.rawValue,
                        entry.posted.amount.currency.code, entry.posted.amount.decimalString, entry.posted.amount.description,
                        entry.runningBalance.decimalString, entry.runningBalance.description, entry.posted.status, entry.posted.code)
            }
            let note = row.note!
            return (note.date.description, note.transactionID, note.payee, "", "", "", "", "", "", note.status, note.code)
        }
        /// The payee cell: a journal's `*`/`!` and `(code)` before the payee, as the journal wrote them (B12).
        func described(_ status: TransactionStatus?, _ code: String?, _ payee: String?) -> String {
            [status?.rawValue, code.map { "(\($0))" }, payee].compactMap { $0 }.joined(separator: " ")
        }
        switch format {
        case .json:
            return JSONValue.array(rows.map { row in
                var object: [String: JSONValue] = [
                    "date": .string(row.date), "id": .string(row.id), "payee": row.payee.map(JSONValue.string) ?? .null,
                    "account": row.account.isEmpty ? .null : .string(row.account),
                    "amount": row.account.isEmpty ? .null : .string(row.amount), "currency": row.account.isEmpty ? .null : .string(row.currency),
                    "balance": row.account.isEmpty ? .null : .string(row.balance),
                    "status": .string(row.status?.rawValue ?? ""), "code": row.code.map(JSONValue.string) ?? .null]
                if unsynced != nil { object["unsynced"] = .bool(pending(row.id)) }
                return .object(object)
            }).prettyString()
        case .csv:
            let header = ["date", "id", "payee", "account", "currency", "amount", "balance"] + (unsynced != nil ? ["sync"] : [])
            return CSVWriter.render(header: header, rows: rows.map {
                [$0.date, $0.id, $0.payee ?? "", $0.account, $0.currency, $0.amount, $0.balance]
                    + (unsynced != nil ? [pending($0.id) ? "unsynced" : ""] : [])
            })
        case .table:
            var columns: [(String, TextTable.Alignment)] = [("date", .left), ("id", .left), ("payee", .left), ("account", .left),
                                                             ("amount", .right), ("balance", .right)]
            if unsynced != nil { columns.append(("sync", .left)) }
            var table = TextTable(columns)
            for row in rows {
                table.add([row.date, String(row.id.suffix(8)), String(described(row.status, row.code, row.payee).prefix(24)), row.account,
                           row.shown, row.shownBalance]
                          + (unsynced != nil ? [pending(row.id) ? "unsynced" : ""] : []))
            }
            return table.render()
        }
    }
}
