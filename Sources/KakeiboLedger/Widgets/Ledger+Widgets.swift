import GRDB
import KakeiboDomain
import KakeiboEventStore
import KakeiboProjections

extension Ledger {
    /// The widget snapshots as of a date (default: today in the ledger's time zone), all read in
    /// one database snapshot so every document reflects the same log position. Deterministic:
    /// the same log and `asOf` give the same bytes, before and after a replay.
    public func widgetSnapshots(asOf: LocalDate? = nil) throws -> [WidgetDocument] {
        let asOf = try asOf ?? today()
        try PlanPeriod.check(asOf)
        return try writer.read { db in try WidgetSnapshotBuilder(db: db, asOf: asOf).documents() }
    }
}
