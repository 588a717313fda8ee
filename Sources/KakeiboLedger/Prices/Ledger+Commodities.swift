import GRDB
import KakeiboDomain

extension Ledger {
    /// An ISO currency, or a commodity this ledger declared; nil when neither.
    public func commodity(symbol: String) throws -> Commodity? {
        try writer.read { db in try SQLiteProjectionStore(db: db).commodity(symbol: symbol) }
    }

    /// The display style each commodity was declared with (`$1,000.00` for USD, `BTC 1.00000000`),
    /// by code; commodities declared without one are left out.
    public func commodityDisplays() throws -> [String: String] {
        try writer.read { db in
            Dictionary(try Row.fetchAll(db, sql: "SELECT symbol, display FROM commodities WHERE display IS NOT NULL").map { row in
                (row[0] as String, row[1] as String)
            }, uniquingKeysWith: { a, _ in a })
        }
    }

    /// Every market price the prices projection holds (the later one per date and pair), by
    /// commodity, quote and date.
    public func prices() throws -> [MarketPrice] {
        try writer.read { db in try db.marketPrices() }
    }
}
