import KakeiboDomain
import KakeiboLedger

extension FinancialStatement {
    /// An income statement or balance sheet: sections, per-currency subtotals, and `net`.
    public func text(_ format: ReportFormat) -> String {
        func amounts(_ values: [Money]) -> [String] { values.map(\.decimalString) }
        switch format {
        case .csv:
            var rows: [[String]] = []
            for section in sections {
                rows += section.rows.map { [section.title.lowercased(), $0.account, $0.currency.code] + amounts($0.amounts) }
                rows += section.totals.map { [section.title.lowercased(), "total", $0.currency.code] + amounts($0.amounts) }
            }
            rows += net.map { ["net", "net", $0.currency.code] + amounts($0.amounts) }
            return CSVWriter.render(header: ["section", "account", "currency"] + periods, rows: rows)
        case .json:
            func totals(_ totals: [FinancialStatement.Total]) -> JSONValue {
                .array(totals.map { ["currency": .string($0.currency.code), "amounts": .array(amounts($0.amounts).map(JSONValue.string))] })
            }
            let object: JSONValue = [
                "periods": .array(periods.map(JSONValue.string)),
                "spans": .array(spans.map { ["start": .string($0.start.description), "end": .string($0.end.description)] }),
                "sections": .array(sections.map { section in
                    ["title": .string(section.title),
                     "rows": .array(section.rows.map { row in
                         ["account": .string(row.account), "currency": .string(row.currency.code),
                          "amounts": .array(amounts(row.amounts).map(JSONValue.string))]
                     }),
                     "totals": totals(section.totals)]
                }),
                "net": totals(net),
            ]
            return object.prettyString()
        case .table:
            var table = TextTable([("account", .left), ("currency", .left)] + periods.map { ($0, .right) })
            for section in sections {
                table.add([section.title, ""] + periods.map { _ in "" })
                for row in section.rows { table.add(["  " + row.account, row.currency.code] + amounts(row.amounts)) }
                for total in section.totals { table.add(["  total", total.currency.code] + amounts(total.amounts)) }
            }
            for total in net { table.add(["net", total.currency.code] + amounts(total.amounts)) }
            return table.render()
        }
    }
}
