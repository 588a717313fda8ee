import KakeiboDomain
import KakeiboProjections

extension Printer {
    /// One row per account in the target commodity, plus one per amount that could not be valued,
    /// in its own commodity (as hledger's `-X` shows it), and a note naming those.
    static func valuation(_ valuation: Valuation, format: OutputFormat) {
        var rows: [[String]] = []
        for line in valuation.lines {
            if let valued = line.valued, !valued.isZero {
                rows.append([line.account.rawValue, valued.currency.code, valued.decimalString, line.priceDate?.description ?? ""])
            }
            for amount in line.unconverted {
                rows.append([line.account.rawValue, amount.currency.code, amount.decimalString, "unconverted"])
            }
        }
        switch format {
        case .csv:
            print(CSVWriter.render(header: ["account", "currency", "amount", "price_date"], rows: rows))
        case .json:
            Printer.json([
                "commodity": .string(valuation.commodity.code), "date": .string(valuation.date.description),
                "accounts": .array(valuation.lines.map { line in
                    ["account": .string(line.account.rawValue), "type": .string(line.type.rawValue),
                     "amount": line.valued.map { .string($0.decimalString) } ?? .null,
                     "priceDate": line.priceDate.map { .string($0.description) } ?? .null,
                     "unconverted": .array(line.unconverted.map(Printer.money))]
                }),
            ])
        case .table:
            var table = TextTable([("account", .left), ("value", .right), ("currency", .left), ("price date", .left)])
            for row in rows { table.add([row[0], row[2], row[1], row[3]]) }
            print(table.render())
            let unconverted = valuation.lines.flatMap { line in line.unconverted.map { "\(line.account) \($0)" } }
            if !unconverted.isEmpty {
                print(Terminal.safe("not valued (no \(valuation.commodity.code) price on or before \(valuation.date)): "
                                    + unconverted.joined(separator: ", ")))
            }
        }
    }
}
