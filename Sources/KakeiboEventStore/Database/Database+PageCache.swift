import GRDB

extension Database {
    /// Runs `body` with SQLite's page cache for this connection set to `kibibytes`, then puts the
    /// connection's own size back (which frees what was cached beyond it).
    ///
    /// For a read or write that passes over far more pages than it comes back to (a scan of the
    /// log, an import's one pass), where a full 64 MB cache only raises the process's peak memory:
    /// SQLite keeps every page it touched until the cache is full.
    public func withPageCache<T>(kibibytes: Int, _ body: () throws -> T) throws -> T {
        let saved = try Int.fetchOne(self, sql: "PRAGMA cache_size") ?? -2000
        try execute(sql: "PRAGMA cache_size = \(-kibibytes)")
        defer { try? execute(sql: "PRAGMA cache_size = \(saved)") }
        return try body()
    }

    /// Sets this connection's page cache to `kibibytes` for as long as it lives: for a connection
    /// that only ever makes one pass, such as a clone filling a new file page by page.
    public func setPageCache(kibibytes: Int) throws {
        try execute(sql: "PRAGMA cache_size = \(-kibibytes)")
    }
}
