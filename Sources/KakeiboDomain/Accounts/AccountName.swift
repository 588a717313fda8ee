/// A hierarchical account name such as `assets:bank:checking`.
///
/// Components are separated by `:`; each is non-empty, has no surrounding spaces and no
/// control characters, so names print safely and sort predictably.
public struct AccountName: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// The parts between colons.
    public var components: [Substring] { rawValue.split(separator: ":", omittingEmptySubsequences: false) }

    public init(_ text: String) throws(LedgerError) {
        guard !text.isEmpty, text.utf8.count <= 200 else {
            throw .invalidAccountName(text, reason: "it must be 1 to 200 characters long")
        }
        if FreeText.firstControlCharacter(in: text.utf8) != nil {
            throw .invalidAccountName(text, reason: "it contains a control character")
        }
        // One pass over the bytes: `:` and space are never part of a multi-byte character in UTF-8.
        var previous = UInt8(ascii: ":")
        for byte in text.utf8 {
            if byte == UInt8(ascii: ":") {
                if previous == UInt8(ascii: ":") { throw .invalidAccountName(text, reason: "it has an empty part between colons") }
                if previous == UInt8(ascii: " ") { throw .invalidAccountName(text, reason: "a part starts or ends with a space") }
            } else if byte == UInt8(ascii: " "), previous == UInt8(ascii: ":") {
                throw .invalidAccountName(text, reason: "a part starts or ends with a space")
            }
            previous = byte
        }
        if previous == UInt8(ascii: ":") { throw .invalidAccountName(text, reason: "it has an empty part between colons") }
        if previous == UInt8(ascii: " ") { throw .invalidAccountName(text, reason: "a part starts or ends with a space") }
        self.rawValue = text
    }

    public var description: String { rawValue }
    public var depth: Int { components.count }

    /// Every ancestor, outermost first: `a:b:c` → `a`, `a:b`.
    public var ancestors: [String] {
        (1..<components.count).map { components[0..<$0].joined(separator: ":") }
    }

    public func isDescendant(of other: AccountName) -> Bool {
        rawValue.hasPrefix(other.rawValue + ":")
    }

    public static func < (lhs: AccountName, rhs: AccountName) -> Bool {
        lhs.rawValue.utf8.lexicographicallyPrecedes(rhs.rawValue.utf8)
    }
}
