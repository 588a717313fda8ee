/// Hex for hashes on the wire and in PostgreSQL: lower-case, two digits a byte.
public enum Hex {
    public static let zeroHash = String(repeating: "0", count: 64)

    public static func bytes(_ hex: String) -> [UInt8]? {
        let utf8 = Array(hex.utf8)
        guard utf8.count % 2 == 0 else { return nil }
        func nibble(_ c: UInt8) -> UInt8? {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
            default: nil
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count / 2)
        var index = 0
        while index < utf8.count {
            guard let high = nibble(utf8[index]), let low = nibble(utf8[index + 1]) else { return nil }
            out.append(high << 4 | low)
            index += 2
        }
        return out
    }

    public static func isHash(_ text: String) -> Bool { text.utf8.count == 64 && bytes(text) != nil }
}
