/// An invariant a run broke, classified so known divergences can be told from new ones.
struct Violation: Hashable, CustomStringConvertible {
    enum Kind: String, Hashable, CaseIterable {
        /// (1) Two devices declared one commodity at different precisions while apart: the fold stops.
        case commodityPrecision = "commodity-precision"
        /// (2) An edit (or void) of a duplicate import copy the server kept aside as already-recorded is lost.
        case lostEditOfAlreadyRecorded = "lost-edit-of-already-recorded"
        /// (3) One account renamed to two names while apart: the later rename wins and no conflict is listed.
        case renameLastWins = "rename-last-wins"
        /// (4) A conflict against a void cannot be settled.
        case unsettledVoidConflict = "unsettled-void-conflict"
        /// (5) Expenses recorded while a sync runs are not held off: each makes it start over, and after three tries it
        /// gives up (`SyncError.changedDuringSync`).
        case syncStarvedByWrites = "sync-starved-by-writes"
        /// A device's edit or void of its own copy of a duplicate import, pushed in a later push than the copy, is
        /// sequenced against a transaction the ledger never had: the server refuses it (422 unknown-transaction) and
        /// that device can never sync again.
        case strandedAfterAlreadyRecorded = "stranded-after-already-recorded"
        /// A final sync with no faults failed (stuck device), or did not settle in a few rounds.
        case syncFails = "sync-fails"
        /// Logs, heads, digests or conflict lists differ between devices or from the server.
        case divergentReplicas = "divergent-replicas"
        /// An event recorded on a device is neither in the log nor accounted for; or one is in it twice; or a stranger.
        case lostOrDoubledEvent = "lost-or-doubled-event"
        /// `verify` fails on a device or the server (chain, accounting, projections differ from a replay).
        case verifyFails = "verify-fails"
        /// A refused command changed the log.
        case refusalChangedLog = "refusal-changed-log"
        /// A conflict (not against a void) could not be settled.
        case unsettledConflict = "unsettled-conflict"
    }

    var kind: Kind
    var detail: String

    var description: String { "[\(kind.rawValue)] \(detail)" }
}
