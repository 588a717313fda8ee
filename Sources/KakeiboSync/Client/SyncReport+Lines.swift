extension SyncReport {
    /// What `sync` prints when it is done: what moved and the head both sides now share, then a line for events
    /// recorded here during the sync and for events a read-only token could not push. Each front end adds its own
    /// line for `conflicted` edits, which names where to see them.
    public var lines: [String] {
        var parts: [String] = []
        if cloned { parts.append("cloned \(pulled) events") }
        if adopted > 0 { parts.append("adopted \(adopted) events") }
        if pushed > 0 || duplicates > 0 { parts.append("pushed \(pushed)" + (duplicates > 0 ? " (\(duplicates) already there)" : "")) }
        if alreadyRecorded > 0 {
            parts.append("\(alreadyRecorded) recorded by another device first (the same import), kept as the ledger has them")
        }
        if !cloned && pulled > 0 { parts.append("pulled \(pulled)") }
        if rebased { parts.append("rebased onto the server's order") }
        var lines = [(parts.isEmpty ? "up to date" : parts.joined(separator: ", ")) + "; head \(head.position):\(head.hash)"]
        if recordedDuringSync > 0 {
            let n = recordedDuringSync
            lines.append("\(n) event\(n == 1 ? "" : "s") recorded here during the sync \(n == 1 ? "is" : "are") kept after the server's events, "
                         + "unsynced; the next sync pushes \(n == 1 ? "it" : "them")")
        }
        if unpushed > 0 {
            let n = unpushed
            lines.append("\(n) event\(n == 1 ? "" : "s") recorded here \(n == 1 ? "was" : "were") not pushed: this device's token may only read "
                         + "(scope read); \(n == 1 ? "it stays" : "they stay") on this device, unsynced, after the server's events; to share "
                         + "\(n == 1 ? "it" : "them"), sync with a write token")
        }
        return lines
    }
}
