import Crypto

/// SHA-256 in lowercase hex: the one place the digest is taken and spelled, for command
/// fingerprints, widget content hashes and import fingerprints. `prefix` keeps the first bytes
/// only (16 gives the 32 hex digits an import fingerprint uses).
public func sha256Hex(_ bytes: [UInt8], prefix: Int = 32) -> String {
    EventHasher.hex(SHA256.hash(data: bytes).prefix(prefix))
}

/// The bytes a hex string spells, two digits a byte; nil for an odd length or a non-hex digit. The wire and
/// PostgreSQL take `lowercaseOnly` (one spelling per hash); stored command hashes and kept digests take either case.
public func bytes(fromHex hex: String, lowercaseOnly: Bool = false) -> [UInt8]? {
    bytes(fromHexDigits: hex.utf8, lowercaseOnly: lowercaseOnly)
}

/// `bytes(fromHex:)` of digits given as UTF-8 (part of a longer key, say), without copying them first.
/// Inlinable, so a caller's collection type is specialised: left generic across the module boundary,
/// reading 100k import keys with it took 0.4 s more.
@inlinable
public func bytes(fromHexDigits utf8: some Collection<UInt8>, lowercaseOnly: Bool = false) -> [UInt8]? {
    guard utf8.count % 2 == 0 else { return nil }
    func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F") where !lowercaseOnly: c - UInt8(ascii: "A") + 10
        default: nil
        }
    }
    var out: [UInt8] = []
    out.reserveCapacity(utf8.count / 2)
    var index = utf8.startIndex
    while index != utf8.endIndex {
        let next = utf8.index(after: index)
        guard let high = nibble(utf8[index]), let low = nibble(utf8[next]) else { return nil }
        out.append(high << 4 | low)
        index = utf8.index(after: next)
    }
    return out
}
