import KakeiboLedger

/// What one `sync` did, for the CLI to print and tests to check.
public struct SyncReport: Hashable, Sendable {
    public var cloned = false
    /// Local events uploaded unchanged into an empty server ledger.
    public var adopted = 0
    /// Canonical events this file did not have before.
    public var pulled = 0
    /// Pending events the server sequenced now, and those it already had (a retry).
    public var pushed = 0
    public var duplicates = 0
    /// Pending edits the server kept aside: they clashed with edits or a void sequenced first.
    public var conflicted = 0
    /// Pending commands another device had recorded first under the same idempotency key (the
    /// same journal or CSV lines imported on both), with what followed them on their streams:
    /// dropped here, since the file takes the ledger's copy.
    public var alreadyRecorded = 0
    /// Events recorded here that this device's read-scope token could not push: kept on this device, after the
    /// server's events, unsynced (the sync still pulled).
    public var unpushed = 0
    /// Events another process recorded here during the sync's last pass (after it read what to push): kept after
    /// the server's events, unsynced; the next sync pushes them (earlier passes' were pushed by the pass after).
    public var recordedDuringSync = 0
    /// Every open conflict of the ledger after this sync, from the file's own projection.
    public var openConflicts: [OpenConflict] = []
    /// Whether the file was rewritten because other devices' events were sequenced before its own.
    public var rebased = false
    /// Whether that rewrite folded every projection again from the first event, because the undo of its own
    /// events' folds was not kept (they were recorded before the file first synced, or by a Kakeibo before
    /// migration 0026): the cost of the whole log instead of its own events' (`Ledger.truncateLog`).
    public var refolded = false
    public var head = LedgerHead(position: 0, hash: Hex.zeroHash)

    public init() {}

    /// This pass's report after an `earlier` pass of the same sync: counts added, the rest as this pass left it.
    func after(_ earlier: SyncReport?) -> SyncReport {
        guard let earlier else { return self }
        var report = self
        report.adopted += earlier.adopted
        report.pulled += earlier.pulled
        report.pushed += earlier.pushed
        report.duplicates += earlier.duplicates
        report.conflicted += earlier.conflicted
        report.alreadyRecorded += earlier.alreadyRecorded
        report.rebased = report.rebased || earlier.rebased
        report.refolded = report.refolded || earlier.refolded
        return report
    }
}
