import GRDB

extension Database {
    /// Whether a commit waits for the disk (`synchronous = FULL`, every ledger connection's default)
    /// or not (`OFF`). Only for a file nobody can see yet, such as a clone being filled under a scratch
    /// name: a crash loses the scratch file, which is thrown away anyway, and each of a 100,004-event
    /// clone's 50-200 page commits no longer waits for an fsync (not measured apart from the clone's
    /// other changes). Set it back to durable before the last commit and checkpoint, so the file is on
    /// disk before it is linked into place.
    public func setDurableCommits(_ durable: Bool) throws {
        try execute(sql: durable ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = OFF")
    }
}
