import Crypto

/// RFC 9162 §2.1.1's two hash inputs, domain-separated so a leaf can never pass for a node
/// (the second-preimage attack on plain Merkle trees).
public enum MerkleHash {
    /// The root of the empty tree: SHA-256 of no bytes.
    public static let emptyRoot = Digest32(bytes: Array(SHA256.hash(data: [UInt8]())))!

    /// A ledger's leaf: SHA-256(0x00 ‖ the event's 32-byte chain hash).
    public static func leaf(chainHash: Digest32) -> Digest32 {
        leaf(data: chainHash.bytes)
    }

    /// RFC 9162's leaf over any entry bytes: SHA-256(0x00 ‖ data). The ledger's entries are
    /// always 32-byte chain hashes; the general form is here for the published test vectors,
    /// whose entries are arbitrary byte strings.
    public static func leaf(data: [UInt8]) -> Digest32 {
        var hasher = SHA256()
        hasher.update(data: [0x00])
        hasher.update(data: data)
        return Digest32(bytes: Array(hasher.finalize()))!
    }

    /// An interior node: SHA-256(0x01 ‖ left ‖ right).
    public static func node(_ l: Digest32, _ r: Digest32) -> Digest32 {
        var input = [UInt8]()
        input.reserveCapacity(65)
        input.append(0x01)
        input.append(contentsOf: l.bytes)
        input.append(contentsOf: r.bytes)
        return Digest32(bytes: Array(SHA256.hash(data: input)))!
    }
}
