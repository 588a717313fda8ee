/// Something that can answer for a tree: the hash of any perfect, aligned subtree of it.
///
/// `subtreeHash(level:index:)` is the root of the perfect subtree over leaves
/// `index·2^level ..< (index+1)·2^level` (level 0: a leaf hash). Every hash RFC 9162 asks
/// for, the root of any size, an inclusion path, a consistency path, is a fold of O(log n)
/// such subtrees (`MerkleTree`), so a source needs nothing else. The ledger's SQLite projection,
/// the server's PostgreSQL one and `MerkleLeaves` (an in-memory array, for tests and small
/// trees) all answer it. A source is only asked about subtrees that lie wholly inside the size
/// being proved.
public protocol MerkleNodeSource {
    func subtreeHash(level: Int, index: UInt64) throws -> Digest32
}

/// An in-memory tree over leaf hashes: computes each subtree on demand (O(2^level)).
public struct MerkleLeaves: MerkleNodeSource, Sendable {
    public var leaves: [Digest32]

    public init(_ leaves: [Digest32]) { self.leaves = leaves }

    public func subtreeHash(level: Int, index: UInt64) throws -> Digest32 {
        let width = UInt64(1) << UInt64(level)
        let start = index * width
        guard start + width <= UInt64(leaves.count) else {
            throw MerkleProofError.subtreeOutsideTree(level: level, index: index, size: UInt64(leaves.count))
        }
        return hash(Int(start), Int(width))
    }

    private func hash(_ start: Int, _ width: Int) -> Digest32 {
        if width == 1 { return leaves[start] }
        let half = width / 2
        return MerkleHash.node(hash(start, half), hash(start + half, half))
    }
}
