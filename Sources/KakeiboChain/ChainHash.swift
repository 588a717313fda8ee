import Crypto

/// The ledger's hash chain, in the one place both the event store (which writes it) and an
/// offline proof checker (which has no ledger) can reach:
///
///     hash = SHA-256(previous hash (32 bytes) ‖ canonical envelope header ‖ canonical payload)
///
/// Both JSON documents are self-delimiting, so the concatenation is unambiguous.
/// `Documentation/Proofs.md` gives the byte layout of the two documents.
public enum ChainHash {
    /// The previous hash of the very first event.
    public static let genesis = [UInt8](repeating: 0, count: 32)

    public static func hash(previous: [UInt8], header: [UInt8], payload: [UInt8]) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(data: previous)
        hasher.update(data: header)
        hasher.update(data: payload)
        return Array(hasher.finalize())
    }
}
