import KakeiboChain

/// Why the ledger could not give a checkpoint or proof, or refused a tree head: data only; the
/// CLI words it (ErrorMessage+Proofs).
public enum ProofError: Error, Hashable, Sendable {
    /// A tree size past the log's end (or 0 where a tree is needed).
    case sizeOutsideLog(size: UInt64, head: UInt64)
    /// The log's tree of `size` has another root than the one expected.
    case rootMismatch(size: UInt64, expected: Digest32, actual: Digest32)
    /// The newest event's bytes do not give its stored chain hash (the tree's last leaf).
    case headEventAltered(position: UInt64)
}
