import KakeiboChain

/// What `Ledger.checkRoot` established for `verify --expect-root`: the log's tree of `size` has
/// `root`, and the tree of the whole log (`headSize`, `headRoot`) extends it by a consistency path
/// of `pathLength` hashes, all from the stored tree (O(log n) rows), with the newest event
/// re-hashed from its bytes. The whole log is not re-hashed: `Ledger.verify` does that.
public struct TreeHeadCheck: Hashable, Sendable {
    public var size: UInt64
    public var root: Digest32
    public var headSize: UInt64
    public var headRoot: Digest32
    public var pathLength: Int
}
