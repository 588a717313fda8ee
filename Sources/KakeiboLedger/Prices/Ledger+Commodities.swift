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
        try writer.read { db in try db.marketPrices() }
    }
}
