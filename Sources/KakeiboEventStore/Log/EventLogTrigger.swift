/// The triggers that make `events` append-only (Migrations/0001_event_log.sql creates them). Named once, here,
/// beside the log they guard: `verify` and every write check that all are present, and truncation drops and
/// restores one; a fourth copy of the names (there were three, issue 35) could drift from the schema unseen.
/// `EventLogTriggerTests` checks this set against a new database's `sqlite_master`.
public enum EventLogTrigger {
    /// Refuses UPDATE of any event.
    public static let refuseUpdate = "events_refuse_update"
    /// Refuses DELETE; only `EventLog.truncate(after:in:)` lifts it, inside one transaction.
    public static let refuseDelete = "events_refuse_delete"
    /// Positions run 1, 2, 3… with no gap.
    public static let gapless = "events_gapless"
    /// A stream's versions run 1, 2, 3… with no gap.
    public static let streamContiguous = "events_stream_contiguous"
    /// Each event names the hash of the one before it.
    public static let chained = "events_chained"

    /// Every one, in the order `verify` reports missing ones.
    public static let all = [refuseUpdate, refuseDelete, gapless, streamContiguous, chained]
}
