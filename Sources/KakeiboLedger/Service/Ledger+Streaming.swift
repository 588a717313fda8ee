import GRDB
import KakeiboDomain
import KakeiboEventStore

extension Ledger {
    /// SQLite's page cache, in KiB, while `record(streaming:each:)` runs. A 100k-transaction
    /// journal import's RSS grows by the whole cache once it is full: 149 MB peak at 16 MB,
    /// 140 MB at 8 MB, and the extra spills cost no CPU we could tell from noise (user+sys
    /// 7.9–10.3 s over three runs at 8 MB, 8.3 s in one at 16 MB, on a machine shared with builds).
    static let streamingCacheKiB = 8_192

    /// SQLite's page cache, in KiB, for a read that passes once over rows of every earlier import
    /// (an import's look at what it recorded before). With the connection's 64 MB it kept ~55 MB
    /// of events pages it never read again: re-importing a 100k-transaction journal peaked at
    /// 266 MB, most of it that cache and the rows fetched at once (heaptrack).
    static let scanCacheKiB = 2_048

    /// Records commands pulled one at a time from `next`, in one transaction: all land or none
    /// do, as with `record(entries:)`, but neither the commands nor their results are ever held
    /// together — `each` sees every result as soon as it is recorded. SQLite spills its page
    /// cache to the WAL as it fills, so an import of any length costs the same memory, and a
    /// SIGKILL at any moment leaves nothing of it (the WAL frames of an uncommitted transaction
    /// are never read back).
    ///
    /// A refusal is a `BatchEntryError` whose index counts the commands pulled before it; an
    /// error `next` or `each` throws rolls everything back and is rethrown as it is.
    public func record(streaming next: () throws -> (command: LedgerCommand, options: CommandOptions)?,
                       each: (_ index: Int, _ result: RecordResult) throws -> Void) throws {
        try writeTransaction { db in
            // A long stream runs with a smaller page cache than the connection's 64 MB: SQLite
            // spills dirty pages to the WAL once it is full, so the stream's memory stays flat
            // at a lower level. A short one never fills it either way.
            try db.withPageCache(kibibytes: Self.streamingCacheKiB) {
                try record(in: try openSession(db), namingFailedEntry: true, next: next, each: each)
            }
        }
    }
}
