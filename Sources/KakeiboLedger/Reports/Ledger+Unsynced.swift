import GRDB

extension Ledger {
    /// The transactions whose latest event was recorded here and not yet sequenced by the
    /// household server (the outbox), or nil when this file has never synced: reports mark
    /// unsynced work only where there is a server for it to be unsynced from, so a file that never
    /// synced prints exactly as before.
    public func unsyncedTransactionIDs() throws -> Set<String>? {
        try writer.read { db in
            guard let synced = try Int64.fetchOne(db, sql: "SELECT synced_position FROM sync_state") else { return nil }
            return Set(try String.fetchAll(db, sql: "SELECT txn_id FROM transactions WHERE last_position > ?", arguments: [synced]))
        }
    }
}
