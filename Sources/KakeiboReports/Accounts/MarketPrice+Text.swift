import KakeiboDomain

extension MarketPrice {
    /// `commodity prices`: one per date and pair.
    public static func text(_ prices: [MarketPrice], _ format: ReportFormat) -> String {
        let rows = prices.map { [$0.date.description, $0.commodity.code, $0.value.description, $0.quote.code] }
        switch format {
        case .csv:
            return CSVWriter.render(header: ["date", "commodity", "price", "quote"], rows: rows)
        case .json:
            return JSONValue.array(prices.map { price in
                ["date": .string(price.date.description), "commodity": .string(price.commodity.code),
                 "price": .string(price.value.description), "quote": .string(price.quote.code)]
            }).prettyString()
        case .table:
            var table = TextTable([("date", .left), ("commodity", .left), ("price", .right), ("quote", .left)])
            for row in rows { table.add(row) }
            return table.render()
        }
    }
}
