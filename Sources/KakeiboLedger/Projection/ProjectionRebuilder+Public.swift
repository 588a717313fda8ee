import GRDB

extension Ledger {
    /// Folds the whole log of `db` into its projection tables, inside the caller's transaction.
    ///
    /// For sync, which writes server-sequenced events into a file without going through
    /// `record` and then needs the file's projections to say what its log says.
    public static func rebuildProjections(in db: Database) throws {
        try ProjectionRebuilder.rebuild(from: db, into: db)
    }
}
