import GRDB
import KakeiboEventStore

extension Ledger {
    /// Which of `keys` the log already holds. Importers whose keys name a source row rather than
    /// the command built from it (CSV rows, whose category may come from rules edited since) use it
    /// to leave recorded rows out, instead of resending them as conflicting commands.
    public func recordedIdempotencyKeys(_ keys: [String]) throws -> Set<String> {
        try writer.read { db in
            try db.withPageCache(kibibytes: Self.scanCacheKiB) {
                var found: Set<String> = []
                for key in keys where try EventLog.isRecorded(key: key, in: db) { found.insert(key) }
                return found
            }
        }
    }
}
