/// RFC 9162 §2.1's tree hashes and proofs, computed from any `MerkleNodeSource`.
///
/// Each function follows the RFC's recursive definition (MTH, PATH, SUBPROOF) over leaf ranges,
/// and asks the source only for perfect, aligned subtrees, so producing a root or a proof costs
/// O(log n) source lookups (a root of size n: one per 1 bit of n; a path: about two per level).
public enum MerkleTree {
    /// MTH(D[0:size]); the empty tree's root for size 0.
    public static func root(size: UInt64, in source: some MerkleNodeSource) throws -> Digest32 {
        size == 0 ? MerkleHash.emptyRoot : try rangeHash(begin: 0, count: size, in: source)
    }

    /// PATH(index, D[0:size]): the audit path, leaf first (the sibling nearest the leaf first).
    public static func inclusionPath(index: UInt64, size: UInt64, in source: some MerkleNodeSource) throws -> [Digest32] {
        guard index < size else { throw MerkleProofError.indexOutOfRange(index: index, size: size) }
        var path: [Digest32] = []
        try appendPath(index, begin: 0, count: size, in: source, to: &path)
        return path
    }

    /// PROOF(oldSize, D[0:newSize]), RFC 9162 §2.1.4.1. Empty when the sizes are equal.
    public static func consistencyPath(oldSize: UInt64, newSize: UInt64, in source: some MerkleNodeSource) throws -> [Digest32] {
        guard oldSize > 0, oldSize <= newSize else { throw MerkleProofError.badSizes(oldSize: oldSize, newSize: newSize) }
        var path: [Digest32] = []
        try appendSubproof(oldSize, begin: 0, count: newSize, complete: true, in: source, to: &path)
        return path
    }

    /// The largest power of two strictly below `n` (n ≥ 2): where RFC 9162 splits a tree.
    public static func split(_ n: UInt64) -> UInt64 {
        precondition(n >= 2)
        return UInt64(1) << UInt64(63 - (n - 1).leadingZeroBitCount)
    }

    /// MTH(D[begin:begin+count]) for count ≥ 1.
    static func rangeHash(begin: UInt64, count: UInt64, in source: some MerkleNodeSource) throws -> Digest32 {
        if count & (count - 1) == 0, begin % count == 0 {
            return try source.subtreeHash(level: count.trailingZeroBitCount, index: begin / count)
        }
        let k = split(count)
        return MerkleHash.node(try rangeHash(begin: begin, count: k, in: source),
                               try rangeHash(begin: begin + k, count: count - k, in: source))
    }

    private static func appendPath(_ m: UInt64, begin: UInt64, count: UInt64,
                                   in source: some MerkleNodeSource, to path: inout [Digest32]) throws {
        if count == 1 { return }
        let k = split(count)
        if m < k {
            try appendPath(m, begin: begin, count: k, in: source, to: &path)
            path.append(try rangeHash(begin: begin + k, count: count - k, in: source))
        } else {
            try appendPath(m - k, begin: begin + k, count: count - k, in: source, to: &path)
            path.append(try rangeHash(begin: begin, count: k, in: source))
        }
    }

    private static func appendSubproof(_ m: UInt64, begin: UInt64, count: UInt64, complete: Bool,
                                       in source: some MerkleNodeSource, to path: inout [Digest32]) throws {
        if m == count {
            if !complete { path.append(try rangeHash(begin: begin, count: m, in: source)) }
            return
        }
        let k = split(count)
        if m <= k {
            try appendSubproof(m, begin: begin, count: k, complete: complete, in: source, to: &path)
            path.append(try rangeHash(begin: begin + k, count: count - k, in: source))
        } else {
            try appendSubproof(m - k, begin: begin + k, count: count - k, complete: false, in: source, to: &path)
            path.append(try rangeHash(begin: begin, count: k, in: source))
        }
    }
}
