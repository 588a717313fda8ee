import GRDB
import KakeiboDomain
import KakeiboEventStore

/// A price an earlier import recorded (a journal's `P` line), where it came from, and whether it
/// still stands or a `PriceRetracted` took it back.
public struct ImportedPrice: Hashable, Sendable {
    public var idempotencyKey: String
    /// `file:line` in the file it was imported from.
    public var provenance: String
    public var price: MarketPrice
    public var isStanding: Bool
}

extension Ledger {
    /// Every price recorded under an idempotency key starting with `keyPrefix`, in log order.
    /// `import journal --replace` retracts those of its files it no longer holds (issue 29, N17),
    /// and gives a `P` line put back after its retraction a fresh key. A ledger holds few prices
    /// next to its transactions, so this reads them all.
    public func importedPrices(keyPrefix: String) throws -> [ImportedPrice] {
        try writer.read { db in
            let store = SQLiteProjectionStore(db: db)
            let rows = try Row.fetchAll(db, sql: """
                SELECT e.idempotency_key, e.provenance, r.commodity, r.quote, r.date, r.value, r.retracted_at IS NULL
                FROM events e JOIN price_recordings r ON r.position = e.position
                WHERE e.idempotency_key >= ? AND e.idempotency_key < ?
                ORDER BY e.position
                """, arguments: [keyPrefix, keyPrefix + "\u{10FFFF}"])
            return try rows.compactMap { row -> ImportedPrice? in
                let commodityCode: String = row[2], quoteCode: String = row[3], valueText: String = row[5]
                guard let commodity = try store.commodity(symbol: commodityCode), let quote = try store.commodity(symbol: quoteCode),
                      let value = try? ExactDecimal(parsing: valueText) else { return nil }
                return ImportedPrice(idempotencyKey: row[0], provenance: row[1] ?? "",
                                     price: MarketPrice(date: try LocalDate(iso: row[4]), commodity: commodity, quote: quote, value: value),
                                     isStanding: row[6])
            }
        }
    }
}
