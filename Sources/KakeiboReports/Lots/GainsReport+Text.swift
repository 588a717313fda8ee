import KakeiboDomain
import KakeiboLedger

extension GainsReport {
    /// `gains`: realised gains per lot a sale took (acquisition and disposal dates, holding period, basis, proceeds),
    /// with the totals per currency, in the form asked for (issue 36).
    public func text(_ format: ReportFormat) -> String {
        switch format {
        case .json:
            return JSONValue.object([
                "rows": .array(rows.map { row in
                    .object(["transaction": .string(row.transactionID), "account": .string(row.account.rawValue),
                             "lot": .string(row.lotID), "label": row.label.map(JSONValue.string) ?? .null,
                             "acquired": .string(row.acquiredOn.description), "disposed": .string(row.disposedOn.description),
                             "holdingDays": .int(Int64(row.holdingDays)), "term": .string(row.term),
                             "commodity": .string(row.units.currency.code), "units": .string(row.units.decimalString),
                             "basis": TerminalText.money(row.basis), "proceeds": TerminalText.money(row.proceeds),
                             "gain": TerminalText.money(row.gain)])
                }),
                "totals": .array(totals.map(TerminalText.money))]).prettyString()
        case .csv:
            return CSVWriter.render(
                header: ["transaction", "account", "lot", "label", "acquired", "disposed", "holding_days", "term", "commodity", "units",
                         "basis", "proceeds", "gain", "currency"],
                rows: rows.map { row in
                    [row.transactionID, row.account.rawValue, row.lotID, row.label ?? "", row.acquiredOn.description,
                     row.disposedOn.description, String(row.holdingDays), row.term, row.units.currency.code, row.units.decimalString,
                     row.basis.decimalString, row.proceeds.decimalString, row.gain.decimalString, row.gain.currency.code]
                })
        case .table:
            var table = TextTable([("disposed", .left), ("account", .left), ("lot", .left), ("acquired", .left), ("days", .right),
                                   ("units", .right), ("basis", .right), ("proceeds", .right), ("gain", .right)])
            for row in rows {
                table.add([row.disposedOn.description, row.account.rawValue, row.label ?? String(row.lotID.suffix(10)),
                           row.acquiredOn.description, String(row.holdingDays), row.units.description, row.basis.description,
                           row.proceeds.description, row.gain.description])
            }
            return ([table.render()] + totals.map { "realised: \($0)" }).joined(separator: "\n")
        }
    }
}
