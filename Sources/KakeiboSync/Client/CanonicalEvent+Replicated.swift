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
}
