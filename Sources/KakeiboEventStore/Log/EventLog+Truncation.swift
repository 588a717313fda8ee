import GRDB

extension EventLog {
    /// The trigger that makes the log refuse DELETE (Migrations/0001). Dropping the log's tail is the event
    /// store's business; the name is `EventLogTrigger`'s.
    static let refuseDeleteTrigger = EventLogTrigger.refuseDelete

    /// Deletes every event after `position`: a replica's unsynced tail, about to be replaced by the
    /// sequencer's order of the same events (sync's rebase). The only DELETE the log ever allows.
    ///
    /// The log refuses DELETE by trigger; the trigger is dropped and made again from its own stored
    /// SQL inside the caller's transaction, so no other connection ever sees the log without it, and
    /// a failure (or the caller's rollback) leaves both the events and the trigger as they were.
    /// Returns how many events were deleted. The caller brings its projections back in step.
    @discardableResult
    public static func truncate(after position: Int64, in db: Database) throws -> Int64 {
        let head = try self.head(in: db).position
        guard head > position else { return 0 }
        guard let trigger = try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?",
                                                arguments: [refuseDeleteTrigger]) else {
            throw EventStoreError.tamperedLog(refusing: "truncate the log", problem: .missingTriggers([refuseDeleteTrigger]))
        }
        try db.execute(sql: "DROP TRIGGER \(refuseDeleteTrigger)")
        try db.execute(sql: "DELETE FROM events WHERE position > ?", arguments: [position])
        try db.execute(sql: trigger)
        try MerkleNodeStore.truncate(after: position, in: db)
        return head - position
    }

    /// The id of the event a stream holds at `version`, if it has one: what a replica's pending event
    /// was decided against (sync's `parentEventId`).
    public static func eventID(inStream stream: String, atVersion version: Int64, in db: Database) throws -> String? {
        try String.fetchOne(db.cachedStatement(sql: "SELECT event_id FROM events WHERE stream = ? AND stream_version = ?"),
                            arguments: [stream, version])
    }
}
