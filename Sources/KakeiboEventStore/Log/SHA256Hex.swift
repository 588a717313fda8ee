import Crypto

/// SHA-256 in lowercase hex: the one place the digest is taken and spelled, for command
/// fingerprints, widget content hashes and import fingerprints. `prefix` keeps the first bytes
/// only (16 gives the 32 hex digits an import fingerprint uses).
public func sha256Hex(_ bytes: [UInt8], prefix: Int = 32) -> String {
    EventHasher.hex(SHA256.hash(data: bytes).prefix(prefix))
}
