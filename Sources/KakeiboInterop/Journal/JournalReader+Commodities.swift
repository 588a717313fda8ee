import KakeiboDomain

extension JournalReader {
    /// Resolves what `P` lines price (a directive may declare it after them) and lists the
    /// commodities outside the ISO table for the importer to declare.
    mutating func finishCommodities() throws(ImportError) {
        for index in journal.prices.indices {
            let price = journal.prices[index]
            // Never used or declared anywhere: its amounts would be whole units, like hledger's display.
            let commodity = try amounts.commodity(price.commodity, number: nil, at: price.location)
            guard commodity != price.quote else {
                throw .syntax(price.location, expected: "a price in another commodity", found: "\"\(price.price)\"")
            }
            journal.prices[index].resolved = commodity
        }
        journal.commodities = amounts.commodityOrder.map { .init(commodity: $0.commodity, display: $0.display, location: $0.location) }
    }
}
