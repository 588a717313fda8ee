import KakeiboDomain
import KakeiboLedger

extension Printer {
    /// Balances in period columns; CSV header `account,currency,<period>…`.
    static func periods(_ report: PeriodBalanceReport, format: OutputFormat) {
        switch format {
        case .csv:
            print(CSVWriter.render(header: ["account", "currency"] + report.periods, rows: report.rows.map {
                [$0.account, $0.currency.code] + $0.amounts.map(\.decimalString)
            }))
        case .json:
            json([
                "periods": .array(report.periods.map(JSONValue.string)),
                "spans": .array(report.spans.map { ["start": .string($0.start.description), "end": .string($0.end.description)] }),
                "rows": .array(report.rows.map { row in
                    ["account": .string(row.account), "currency": .string(row.currency.code),
                     "amounts": .array(row.amounts.map { .string($0.decimalString) })]
                }),
            ])
        case .table:
            var table = TextTable([("account", .left), ("currency", .left)] + report.periods.map { ($0, .right) })
            for row in report.rows { table.add([row.account, row.currency.code] + row.amounts.map(\.decimalString)) }
            // A total per currency and column, as hledger's `bal -M` prints (N23); the rows are flat, so nothing counts twice.
            var sums: [Currency: [WideSum]] = [:]
            for row in report.rows {
                for (column, amount) in row.amounts.enumerated() {
                    sums[row.currency, default: Array(repeating: WideSum(), count: report.periods.count)][column].add(amount.minorUnits)
                }
            }
            for (currency, columns) in sums.sorted(by: { $0.key < $1.key }) {
                table.add(["total", currency.code] + columns.map { sum in
                    sum.value.map { Money(minorUnits: $0, currency: currency).decimalString } ?? "overflow"
                })
            }
            print(table.render())
        }
    }

    /// An income statement or balance sheet: sections, per-currency subtotals, and `net`.
    static func statement(_ statement: FinancialStatement, format: OutputFormat) {
        func amounts(_ values: [Money]) -> [String] { values.map(\.decimalString) }
        switch format {
        case .csv:
            var rows: [[String]] = []
            for section in statement.sections {
                rows += section.rows.map { [section.title.lowercased(), $0.account, $0.currency.code] + amounts($0.amounts) }
                rows += section.totals.map { [section.title.lowercased(), "total", $0.currency.code] + amounts($0.amounts) }
            }
            rows += statement.net.map { ["net", "net", $0.currency.code] + amounts($0.amounts) }
            print(CSVWriter.render(header: ["section", "account", "currency"] + statement.periods, rows: rows))
        case .json:
            func totals(_ totals: [FinancialStatement.Total]) -> JSONValue {
                .array(totals.map { ["currency": .string($0.currency.code), "amounts": .array(amounts($0.amounts).map(JSONValue.string))] })
            }
            json([
                "periods": .array(statement.periods.map(JSONValue.string)),
                "spans": .array(statement.spans.map { ["start": .string($0.start.description), "end": .string($0.end.description)] }),
                "sections": .array(statement.sections.map { section in
                    ["title": .string(section.title),
                     "rows": .array(section.rows.map { row in
                         ["account": .string(row.account), "currency": .string(row.currency.code),
                          "amounts": .array(amounts(row.amounts).map(JSONValue.string))]
                     }),
                     "totals": totals(section.totals)]
                }),
                "net": totals(statement.net),
            ])
        case .table:
            var table = TextTable([("account", .left), ("currency", .left)] + statement.periods.map { ($0, .right) })
            for section in statement.sections {
                table.add([section.title, ""] + statement.periods.map { _ in "" })
                for row in section.rows { table.add(["  " + row.account, row.currency.code] + amounts(row.amounts)) }
                for total in section.totals { table.add(["  total", total.currency.code] + amounts(total.amounts)) }
            }
            for total in statement.net { table.add(["net", total.currency.code] + amounts(total.amounts)) }
            print(table.render())
        }
    }
}
