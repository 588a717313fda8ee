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
        // Outside the ISO table: stored at their precision, with the display style hledger would use.
        journal.commodities = amounts.commodityOrder.map { entry in
            let commodity = amounts.commodities[entry.commodity.code] ?? entry.commodity
            return .init(commodity: commodity, display: amounts.display(commodity.code, digits: commodity.minorDigits) ?? entry.display,
                         location: entry.location)
        }
        // ISO currencies only carry their style (`$1,000.00`), so an export writes `$` as written.
        for code in amounts.styleOrder {
            guard let location = amounts.styles[code]?.location, let iso = try? Commodity(code: code), iso.code == code else { continue }
            journal.commodities.append(.init(commodity: iso, display: amounts.display(code, digits: iso.minorDigits), location: location))
        }
    }
}
