import KakeiboDomain
import KakeiboProjections

extension BalanceReport {
    /// `balance`'s report in `format`: the tree with roll-ups and a total per currency (table), one row per account
    /// and currency (CSV), or both with the scope's `asOf` and `atPosition` (JSON). Moved here from the CLI (issue 35)
    /// beside the other reports' text; the output is byte-identical.
    public func text(_ format: ReportFormat, asOf: LocalDate?, atPosition: Int64?) -> String {
        switch format {
        case .csv:
            return CSVWriter.render(header: ["account", "currency", "amount"], rows: accounts.map {
                [$0.account.rawValue, $0.amount.currency.code, $0.amount.decimalString]
            })
        case .json:
            let object: JSONValue = [
                "accounts": .array(accounts.map { balance in
                    ["account": .string(balance.account.rawValue), "type": .string(balance.type.rawValue),
                     "amount": .string(balance.amount.decimalString), "currency": .string(balance.amount.currency.code)]
                }),
                "tree": .array(lines.map { line in
                    ["account": .string(line.name), "depth": .int(Int64(line.depth)),
                     "amount": .string(line.total.decimalString), "currency": .string(line.currency.code)]
                }),
                "totals": .array(totals.map(TerminalText.money)),
                "asOf": asOf.map { .string($0.description) } ?? .null,
                "atPosition": atPosition.map(JSONValue.int) ?? .null,
            ]
            return object.prettyString()
        case .table:
            var table = TextTable([("account", .left), ("balance", .right), ("currency", .left)])
            for line in lines {
                table.add([String(repeating: "  ", count: line.depth) + (line.name.split(separator: ":").last.map(String.init) ?? line.name),
                           line.total.decimalString, line.currency.code])
            }
            for total in totals { table.add(["total", total.decimalString, total.currency.code]) }
            return table.render()
        }
    }
}
