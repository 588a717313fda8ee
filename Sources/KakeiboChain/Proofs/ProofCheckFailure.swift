/// Why `proof check` refused a proof: data only; the CLI words it (ErrorMessage+Proofs).
public enum ProofCheckFailure: Error, Hashable, Sendable {
    /// The file is not JSON (the parser's reason).
    case notJSON(reason: String)
    /// Neither an inclusion proof (`events`) nor a consistency proof (`oldSize`).
    case unknownDocument
    /// A member is missing or not of the documented form.
    case malformed(field: String, reason: String)
    /// An inclusion proof with no events.
    case noEvents
    /// Two events claim the same position, or are out of order.
    case eventsOutOfOrder(position: UInt64)
    /// An event's envelope does not state the position the proof gives it (or is not a JSON object).
    case envelopePosition(position: UInt64, stated: Int64?)
    /// SHA-256(previousHash ‖ envelope ‖ payload) is not the stated chain hash.
    case chainHash(position: UInt64, stated: Digest32, computed: Digest32)
    /// An event at or past the proof's size, or a path of the wrong length.
    case badPath(position: UInt64, problem: MerkleProofError)
    /// The audit path leads to another root than the proof's.
    case inclusion(position: UInt64, computedRoot: Digest32, root: Digest32)
    /// The consistency path does not join the two roots.
    case consistency(oldSize: UInt64, size: UInt64)
    /// The proof is against another tree head than the one the checker was told to expect.
    case unexpectedRoot(expectedSize: UInt64, expectedRoot: Digest32, size: UInt64, root: Digest32)
}
