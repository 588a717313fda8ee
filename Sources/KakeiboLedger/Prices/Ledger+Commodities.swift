import GRDB
import KakeiboDomain

extension Ledger {
    /// An ISO currency, or a commodity this ledger declared; nil when neither.
    public func commodity(symbol: String) throws -> Commodity? {
        try writer.read { db in try SQLiteProjectionStore(db: db).commodity(symbol: symbol) }
    }

    /// Every market price the prices projection holds (the later one per date and pair), by
    /// commodity, quote and date.
    public func prices() throws -> [MarketPrice] {
        try writer.read { db in
            try Row.fetchAll(db, sql: "SELECT date, commodity, quote, value FROM prices ORDER BY commodity, quote, date").map { row in
                let value: String = row[3]
                do {
                    return MarketPrice(date: try LocalDate(iso: row[0]), commodity: try db.commodityForCode(row[1]),
                                       quote: try db.commodityForCode(row[2]), value: try ExactDecimal(parsing: value))
                } catch let error as MoneyError {
                    throw LedgerError.money(error)
                }
            }
        }
    }
}
