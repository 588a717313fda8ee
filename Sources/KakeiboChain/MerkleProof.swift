/// RFC 9162's proof verification (§2.1.3.2 inclusion, §2.1.4.2 consistency), which needs
/// nothing but the hashes: no tree, no ledger.
public enum MerkleProof {
    /// The root an inclusion path leads to, or an error when the path cannot belong to a tree
    /// of `size` at all (index out of range, too short, too long).
    public static func rootFromInclusion(leaf: Digest32, index: UInt64, size: UInt64, path: [Digest32]) throws -> Digest32 {
        guard index < size else { throw MerkleProofError.indexOutOfRange(index: index, size: size) }
        let expected = inclusionPathLength(index: index, size: size)
        guard path.count == expected else { throw MerkleProofError.wrongPathLength(expected: expected, got: path.count) }
        var fn = index
        var sn = size - 1
        var r = leaf
        for p in path {
            if fn & 1 == 1 || fn == sn {
                r = MerkleHash.node(p, r)
                if fn & 1 == 0 {
                    while fn & 1 == 0 && fn != 0 { fn >>= 1; sn >>= 1 }
                }
            } else {
                r = MerkleHash.node(r, p)
            }
            fn >>= 1; sn >>= 1
        }
        return r
    }

    public static func verifyInclusion(leaf: Digest32, index: UInt64, size: UInt64, path: [Digest32], root: Digest32) -> Bool {
        (try? rootFromInclusion(leaf: leaf, index: index, size: size, path: path)) == root
    }

    /// How many hashes PATH(index, D[size]) holds: one per level where the leaf's subtree has
    /// a sibling (the levels below where index and size − 1 first differ, plus the 1 bits of
    /// index above them).
    public static func inclusionPathLength(index: UInt64, size: UInt64) -> Int {
        let inner = 64 - (index ^ (size - 1)).leadingZeroBitCount
        let border = (index >> UInt64(inner)).nonzeroBitCount
        return inner + border
    }

    /// True when a tree of `newSize` with `newRoot` extends the tree of `oldSize` with `oldRoot`.
    /// Equal sizes need an empty path and equal roots; an old size of 0 is consistent with anything
    /// (with an empty path and the empty root).
    public static func verifyConsistency(oldSize: UInt64, newSize: UInt64, oldRoot: Digest32, newRoot: Digest32, path: [Digest32]) -> Bool {
        guard oldSize <= newSize else { return false }
        if oldSize == newSize { return path.isEmpty && oldRoot == newRoot }
        if oldSize == 0 { return path.isEmpty && oldRoot == MerkleHash.emptyRoot }
        guard !path.isEmpty else { return false }
        var proof = path
        if oldSize & (oldSize - 1) == 0 { proof.insert(oldRoot, at: 0) }
        var fn = oldSize - 1
        var sn = newSize - 1
        while fn & 1 == 1 { fn >>= 1; sn >>= 1 }
        var fr = proof[0]
        var sr = proof[0]
        for c in proof.dropFirst() {
            if sn == 0 { return false }
            if fn & 1 == 1 || fn == sn {
                fr = MerkleHash.node(c, fr)
                sr = MerkleHash.node(c, sr)
                if fn & 1 == 0 {
                    while fn & 1 == 0 && fn != 0 { fn >>= 1; sn >>= 1 }
                }
            } else {
                sr = MerkleHash.node(sr, c)
            }
            fn >>= 1; sn >>= 1
        }
        return sn == 0 && fr == oldRoot && sr == newRoot
    }
}
