/// A SHA-256 digest: an event's chain hash, a Merkle leaf or node, a tree's root.
///
/// Always 32 bytes; the failable initialisers are the only way in from outside data, so a
/// proof that carries a 31-byte hash is refused where it is read, not deep in a verifier.
public struct Digest32: Hashable, Sendable {
    public var bytes: [UInt8]

    /// Nil unless `bytes` holds exactly 32 bytes.
    public init?(bytes: some Collection<UInt8>) {
        guard bytes.count == 32 else { return nil }
        self.bytes = Array(bytes)
    }

    /// Nil unless `hex` is exactly 64 hex digits. Upper case is accepted on the way in;
    /// `hex` always gives lower case, which is what every document of ours carries.
    public init?(hex: String) {
        let utf8 = Array(hex.utf8)
        guard utf8.count == 64 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(32)
        var index = 0
        while index < 64 {
            guard let high = Digest32.nibble(utf8[index]), let low = Digest32.nibble(utf8[index + 1]) else { return nil }
            out.append(high << 4 | low)
            index += 2
        }
        self.bytes = out
    }

    /// Lowercase hex, 64 digits.
    public var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension Digest32: CustomStringConvertible {
    public var description: String { hex }
}
