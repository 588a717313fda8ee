/// A hierarchical account name such as `assets:bank:checking`.
///
/// Components are separated by `:`; each is non-empty, has no surrounding spaces and no
/// control characters, so names print safely and sort predictably.
public struct AccountName: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public let components: [Substring]

    public init(_ text: String) throws(LedgerError) {
        let components = text.split(separator: ":", omittingEmptySubsequences: false)
        guard !text.isEmpty, text.utf8.count <= 200 else {
            throw .invalidAccountName(text, reason: "it must be 1 to 200 characters long")
        }
        for component in components {
            if component.isEmpty {
                throw .invalidAccountName(text, reason: "it has an empty part between colons")
            }
            if component.first == " " || component.last == " " {
                throw .invalidAccountName(text, reason: "a part starts or ends with a space")
            }
            if component.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                throw .invalidAccountName(text, reason: "it contains a control character")
            }
        }
        self.rawValue = text
        self.components = components
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
