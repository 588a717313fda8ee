import KakeiboDomain
import KakeiboProjections

extension Valuation {
    /// One row per account in the target commodity, plus one per amount that could not be valued,
    /// in its own commodity (as hledger's `-X` shows it), and a note naming those.
    public func text(_ format: ReportFormat) -> String {
        var rows: [[String]] = []
        for line in lines {
            if let valued = line.valued, !valued.isZero {
                // `then,`: the postings of one account met the prices of several dates; the range says so. (An end
                // valuation keeps its one column of the oldest price used, which its tests and scripts read.)
                let dates = [line.priceDate, line.latestPriceDate].compactMap { $0?.description }
                rows.append([line.account.rawValue, valued.currency.code, valued.decimalString,
                             atEachDate && Set(dates).count > 1 ? dates.joined(separator: "..") : dates.first ?? ""])
            }
            for amount in line.unconverted {
                rows.append([line.account.rawValue, amount.currency.code, amount.decimalString, "unconverted"])
            }
        }
        switch format {
        case .csv:
            return CSVWriter.render(header: ["account", "currency", "amount", "price_date"], rows: rows)
        case .json:
            let object: JSONValue = [
                "commodity": .string(commodity.code), "date": .string(date.description),
                "accounts": .array(lines.map { line in
                    ["account": .string(line.account.rawValue), "type": .string(line.type.rawValue),
                     "amount": line.valued.map { .string($0.decimalString) } ?? .null,
                     "priceDate": line.priceDate.map { .string($0.description) } ?? .null,
                     "unconverted": .array(line.unconverted.map(TerminalText.money))]
                }),
            ]
            return object.prettyString()
        case .table:
            var table = TextTable([("account", .left), ("value", .right), ("currency", .left), ("price date", .left)])
            for row in rows { table.add([row[0], row[2], row[1], row[3]]) }
            let unconverted = lines.flatMap { line in line.unconverted.map { "\(line.account) \($0)" } }
            guard !unconverted.isEmpty else { return table.render() }
            let when = atEachDate ? "on or before its date" : "on or before \(date)"
            return table.render() + "\n" + TerminalText.safe("not valued (no \(commodity.code) price \(when)): "
                                                             + unconverted.joined(separator: ", "))
        }
    }
}
