/// Why a tree could not answer or a proof could not be computed.
public enum MerkleProofError: Error, Hashable, Sendable {
    /// A leaf index at or past the tree's size.
    case indexOutOfRange(index: UInt64, size: UInt64)
    /// A consistency proof between sizes that do not allow one (old size 0 or above the new size).
    case badSizes(oldSize: UInt64, newSize: UInt64)
    /// A path whose length is not the one the index and size call for.
    case wrongPathLength(expected: Int, got: Int)
    /// A source asked for a subtree it does not hold.
    case subtreeOutsideTree(level: Int, index: UInt64, size: UInt64)
}
