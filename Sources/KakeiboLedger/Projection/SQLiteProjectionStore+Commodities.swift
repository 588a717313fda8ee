import GRDB
import KakeiboDomain

// Commodities, prices and posting costs in the tables of Migrations/0008_commodities.sql.

extension SQLiteProjectionStore {
    func commodity(symbol: String) throws -> Commodity? {
        if let iso = try? Currency(code: symbol), iso.code == symbol { return try grownISO(iso) }
        if let known = cache.commodities[symbol] { return known }
        let found = try db.commodity(symbol)
        if let found { cache.commodities[symbol] = found }
        return found
    }

    func price(of commodity: Commodity, in quote: Commodity, on date: LocalDate) throws -> ExactDecimal? {
        guard let value = try String.fetchOne(db, sql: "SELECT value FROM prices WHERE commodity = ? AND quote = ? AND date = ?",
                                              arguments: [commodity.code, quote.code, date.description]) else { return nil }
        do { return try ExactDecimal(parsing: value) } catch { throw LedgerError.money(error) }
    }

    func saveCommodity(_ commodity: Commodity, display: String?) throws {
        // An ISO currency's precision may have grown (`growPrecision`): read again when asked.
        cache.commodities[commodity.code] = commodity.isISO ? nil : commodity
        // An ISO currency's row only carries its display style; a later declaration replaces it.
        try db.execute(sql: commodity.isISO
                           ? "INSERT INTO commodities (symbol, digits, display) VALUES (?, ?, ?) ON CONFLICT (symbol) DO UPDATE SET display = excluded.display"
                           : "INSERT INTO commodities (symbol, digits, display) VALUES (?, ?, ?)",
                       arguments: [commodity.code, commodity.minorDigits, display])
    }

    func savePrice(_ price: MarketPrice, at position: Int64) throws {
        try db.cachedStatement(sql: """
            INSERT INTO prices (date, commodity, quote, value, position) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (commodity, quote, date) DO UPDATE SET value = excluded.value, position = excluded.position
            """).execute(arguments: [price.date.description, price.commodity.code, price.quote.code,
                                     price.value.description, position])
        try db.cachedStatement(sql: "INSERT INTO price_recordings (position, commodity, quote, date, value) VALUES (?, ?, ?, ?, ?)")
            .execute(arguments: [position, price.commodity.code, price.quote.code, price.date.description, price.value.description])
    }

    func insertPostingDetails(of transaction: LedgerTransaction) throws {
        for (line, posting) in transaction.postings.enumerated() where posting.cost != nil || posting.isGeneratedConversion {
            try db.cachedStatement(sql: """
                INSERT INTO posting_details (txn_id, line, cost_per, cost_value, cost_commodity, generated) VALUES (?, ?, ?, ?, ?, ?)
                """).execute(arguments: [transaction.id, line, posting.cost?.per.rawValue, posting.cost?.value.description,
                                         posting.cost?.commodity.code, posting.isGeneratedConversion])
        }
        for (line, posting) in transaction.postings.enumerated() {
            guard let virtual = posting.virtual else { continue }
            try db.cachedStatement(sql: "INSERT INTO virtual_postings (txn_id, line, kind) VALUES (?, ?, ?)")
                .execute(arguments: [transaction.id, line, virtual.rawValue])
        }
    }

    func readPostingDetails(of id: String, into postings: inout [Posting]) throws {
        let sql = "SELECT line, cost_per, cost_value, cost_commodity, generated FROM posting_details WHERE txn_id = ?"
        for row in try Row.fetchAll(db.cachedStatement(sql: sql), arguments: [id]) {
            let line: Int = row[0]
            guard postings.indices.contains(line) else { continue }
            postings[line].cost = try PostingCost(row: row, startingAt: 1, commodity: currency)
            postings[line].isGeneratedConversion = row[4]
        }
        for row in try Row.fetchAll(db.cachedStatement(sql: "SELECT line, kind FROM virtual_postings WHERE txn_id = ?"), arguments: [id]) {
            let line: Int = row[0]
            guard postings.indices.contains(line) else { continue }
            postings[line].virtual = PostingVirtuality(rawValue: row[1])
        }
    }
}

extension PostingCost {
    /// `cost_per, cost_value, cost_commodity` from `posting_details`; nil when the posting has none.
    init?(row: Row, startingAt index: Int, commodity: (String) throws -> Commodity) throws {
        guard let perText: String = row[index], let per = PostingCost.Per(rawValue: perText),
              let valueText: String = row[index + 1], let code: String = row[index + 2] else { return nil }
        do {
            self.init(per: per, value: try ExactDecimal(parsing: valueText), commodity: try commodity(code))
        } catch let error as MoneyError {
            throw LedgerError.money(error)
        }
    }
}

extension Database {
    /// The prices projection, by commodity, quote and date (one price per date and pair).
    func marketPrices() throws -> [MarketPrice] {
        try Row.fetchAll(self, sql: "SELECT date, commodity, quote, value FROM prices ORDER BY commodity, quote, date").map { row in
            let value: String = row[3]
            do {
                return MarketPrice(date: try LocalDate(iso: row[0]), commodity: try commodityForCode(row[1]),
                                   quote: try commodityForCode(row[2]), value: try ExactDecimal(parsing: value))
            } catch let error as MoneyError {
                throw LedgerError.money(error)
            }
        }
    }

    /// A commodity outside the ISO table from the commodities projection; nil when undeclared.
    func commodity(_ symbol: String) throws -> Commodity? {
        guard let row = try Row.fetchOne(cachedStatement(sql: "SELECT digits FROM commodities WHERE symbol = ?"),
                                         arguments: [symbol]) else { return nil }
        let digits: Int = row[0]
        return try? Commodity(symbol: symbol, minorDigits: digits)
    }

    /// Any commodity code read from a projection: the ISO table first, then the declared ones.
    func commodityForCode(_ code: String) throws -> Commodity {
        if let iso = try? Currency(code: code), iso.code == code { return try grownISO(iso) }
        if let declared = try commodity(code) { return declared }
        do { return try Currency(code: code) } catch { throw LedgerError.money(error) }
    }
}
