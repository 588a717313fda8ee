import KakeiboDomain
import KakeiboLedger

extension PeriodBalanceReport {
    /// Balances in period columns; CSV header `account,currency,<period>…`; the table ends with a total per
    /// currency and column, as hledger's `bal -M` prints (N23).
    public func text(_ format: ReportFormat) -> String {
        switch format {
        case .csv:
            return CSVWriter.render(header: ["account", "currency"] + periods, rows: rows.map {
                [$0.account, $0.currency.code] + $0.amounts.map(\.decimalString)
            })
        case .json:
            let object: JSONValue = [
                "periods": .array(periods.map(JSONValue.string)),
                "spans": .array(spans.map { ["start": .string($0.start.description), "end": .string($0.end.description)] }),
                "rows": .array(rows.map { row in
                    ["account": .string(row.account), "currency": .string(row.currency.code),
                     "amounts": .array(row.amounts.map { .string($0.decimalString) })]
                }),
            ]
            return object.prettyString()
        case .table:
            var table = TextTable([("account", .left), ("currency", .left)] + periods.map { ($0, .right) })
            for row in rows { table.add([row.account, row.currency.code] + row.amounts.map(\.decimalString)) }
            // The rows are flat, so nothing counts twice.
            var sums: [Currency: [WideSum]] = [:]
            for row in rows {
                for (column, amount) in row.amounts.enumerated() {
                    sums[row.currency, default: Array(repeating: WideSum(), count: periods.count)][column].add(amount.minorUnits)
                }
            }
            for (currency, columns) in sums.sorted(by: { $0.key < $1.key }) {
                table.add(["total", currency.code] + columns.map { sum in
                    sum.value.map { Money(minorUnits: $0, currency: currency).decimalString } ?? "overflow"
                })
            }
            return table.render()
        }
    }
}
