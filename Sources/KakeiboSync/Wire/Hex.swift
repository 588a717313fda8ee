import KakeiboEventStore

/// Hex for hashes on the wire and in PostgreSQL: lower-case, two digits a byte.
public enum Hex {
    public static let zeroHash = String(repeating: "0", count: 64)

    /// Lower-case only: a hash has one spelling on the wire.
    public static func bytes(_ hex: String) -> [UInt8]? {
        KakeiboEventStore.bytes(fromHex: hex, lowercaseOnly: true)
    }

    public static func isHash(_ text: String) -> Bool { text.utf8.count == 64 && bytes(text) != nil }
}
