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
            return .init(commodity: commodity,
                         display: amounts.display(commodity.code, digits: amounts.displayDigits(commodity.code, stored: commodity.minorDigits))
                             ?? entry.display,
                         location: entry.location)
        }
        // ISO currencies only carry their style (`$1,000.00`), so an export writes `$` as written.
        for code in amounts.styleOrder {
            guard let location = amounts.styles[code]?.location, let iso = try? Commodity(code: code), iso.code == code else { continue }
            // Read at more decimals than its table's (`$1.0049`): declared at that precision, which
            // grows the ledger's. The style is written at the display precision hledger would use
            // (the directive's, else the most decimals an amount is written with), so reports
            // round to it while the stored amounts stay exact.
            let stored = amounts.minimumDigits[code].map { iso.storedAt(max($0, iso.minorDigits)) } ?? iso
            let shown = amounts.displayDigits(code, stored: iso.minorDigits)
            journal.commodities.append(.init(commodity: stored, display: amounts.display(code, digits: shown), location: location))
        }
        // Grown but never written as an amount (`@ $16.02` prices `203.890 ACME`, and the elided
        // posting is $-3266.3178): declared where the journal starts, styled as its first price is
        // written, which is what hledger shows it with then (`$-3266.32`, precision-05 of its tests).
        for (code, digits) in amounts.minimumDigits.sorted(by: { $0.key < $1.key }) where amounts.styles[code] == nil {
            guard let iso = try? Commodity(code: code), iso.code == code, digits > iso.minorDigits else { continue }
            let location = journal.commodities.first?.location ?? SourceLocation(file: journal.files.first ?? "", line: 1, column: 1)
            let display = amounts.priceStyles[code].map { $0.style.sample(digits: $0.digits) }
            journal.commodities.append(.init(commodity: iso.storedAt(digits), display: display, location: location))
        }
    }
}
