/// What a witness decides about two checkpoints of one log (issue 34, part 5): whether the tree it
/// is shown now can extend the tree it (or another witness) saw before.
///
/// Both checkpoints carry the server's signature, so two that cannot both hold are evidence on
/// their own: the same size with two roots, a smaller tree than one signed before (events taken
/// back), or a larger one the server cannot prove extends the old (RFC 9162 §2.1.4).
public enum Witness {
    public enum Verdict: Hashable, Sendable {
        /// The new tree extends the old one (or is the same tree).
        case consistent
        /// Same size, another root.
        case differentRoot
        /// The new tree is smaller than one the server signed before.
        case rolledBack
        /// The consistency path given does not lead from the old root to the new one (or none was given).
        case unproven
    }

    /// The verdict on `shown` after `seen`, with `path` the consistency path the server gave from `seen.size`
    /// to `shown.size` (nil when it gave none). Checkpoints of other origins are never consistent.
    public static func verdict(seen: Checkpoint, shown: Checkpoint, path: [Digest32]?) -> Verdict {
        if seen.size == shown.size { return seen.root == shown.root && seen.origin == shown.origin ? .consistent : .differentRoot }
        if seen.size > shown.size { return .rolledBack }
        guard seen.origin == shown.origin, let path,
              MerkleProof.verifyConsistency(oldSize: seen.size, newSize: shown.size, oldRoot: seen.root, newRoot: shown.root, path: path)
        else { return .unproven }
        return .consistent
    }

    /// The root of the tree over `leaves` chain hashes read in order, holding only its right edge (≤ 64
    /// subtrees): for a device that checks a checkpoint against its own log without a tree projection.
    public struct StreamingRoot: Sendable {
        private var edge: [(level: Int, hash: Digest32)] = []
        public private(set) var size: UInt64 = 0

        public init() {}

        public mutating func append(chainHash: Digest32) {
            var node = (level: 0, hash: MerkleHash.leaf(chainHash: chainHash))
            while let last = edge.last, last.level == node.level {
                edge.removeLast()
                node = (last.level + 1, MerkleHash.node(last.hash, node.hash))
            }
            edge.append(node)
            size += 1
        }

        /// RFC 9162's MTH of the leaves so far: the right edge folded from the right.
        public var root: Digest32 {
            guard var root = edge.last?.hash else { return MerkleHash.emptyRoot }
            for node in edge.dropLast().reversed() { root = MerkleHash.node(node.hash, root) }
            return root
        }
    }
}
