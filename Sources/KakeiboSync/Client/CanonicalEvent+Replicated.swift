import KakeiboLedger

extension CanonicalEvent {
    /// This event as the ledger's replication API takes it (`Ledger.replicate`): the same bytes and
    /// hashes. `authorSaw` is the position its author had synced to, when the caller knows it (the
    /// server's replica of a push); a device pulling from the sequencer leaves it nil.
    public func replicated(authorSaw: Int64? = nil) throws -> ReplicatedEvent {
        guard let previous = Hex.bytes(previousHash), let hash = Hex.bytes(hash) else {
            throw SyncError.badServerEvent(position: position, reason: "hash is not hex")
        }
        return ReplicatedEvent(envelope: try envelope(), payload: payload, previousHash: previous, hash: hash, authorSaw: authorSaw)
    }

    /// `chainProblem`'s check and, when the event is sound, the event as `replicated()` makes it, from the same
    /// parse of its payload: a clone parsed every payload twice (perf, release, 100,004 events: the check's parse
    /// and `replicated()`'s, each about 4 % of the client's CPU). The server's adopt checks each uploaded event the same way.
    public func checkedReplica(expectedPosition: Int64, previousHex: String) -> (problem: String?, replica: ReplicatedEvent?) {
        switch check(expectedPosition: expectedPosition, previousHex: previousHex) {
        case .problem(let text):
            return (text, nil)
        case .sound(let envelope, let previous, let hash):
            return (nil, ReplicatedEvent(envelope: envelope, payload: payload, previousHash: previous, hash: hash))
        }
    }
}
