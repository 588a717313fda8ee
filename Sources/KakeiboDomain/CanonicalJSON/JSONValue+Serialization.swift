/// Canonical serialization: the bytes that get hashed, so the same value must
/// always produce the same bytes, on every platform and Swift version.
///
/// Rules: no insignificant whitespace; object keys sorted by their UTF-8 bytes
/// (not `String.<`, which compares Unicode-normalized scalars); integers in
/// plain decimal; strings escape only `"`, `\`, C0 controls (short forms where
/// JSON has them, else lowercase `\u00xx`) and DEL, with everything else
/// (including `/` and non-ASCII) written as raw UTF-8.
extension JSONValue {
    /// The canonical UTF-8 encoding of this value.
    public func canonicalBytes() -> [UInt8] {
        CanonicalWriter.encode(self)
    }

    /// `canonicalBytes()` as a `String`; the bytes are always valid UTF-8.
    public func canonicalString() -> String {
        String(decoding: canonicalBytes(), as: UTF8.self)
    }

    /// Canonical rules plus newlines and indentation (`"key": value`), for humans.
    /// Never hashed, so the layout may evolve; no trailing newline.
    public func prettyString(indent: Int = 2) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(512)
        writePretty(into: &out, indent: max(0, indent), level: 0)
        return String(decoding: out, as: UTF8.self)
    }

    private func writePretty(into out: inout [UInt8], indent: Int, level: Int) {
        switch self {
        case .array(let elements) where !elements.isEmpty:
            out.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONValue.newline(into: &out, spaces: indent * (level + 1))
                element.writePretty(into: &out, indent: indent, level: level + 1)
            }
            JSONValue.newline(into: &out, spaces: indent * level)
            out.append(UInt8(ascii: "]"))
        case .object(let members) where !members.isEmpty:
            out.append(UInt8(ascii: "{"))
            for (i, member) in CanonicalWriter.sortedMembers(members).enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                JSONValue.newline(into: &out, spaces: indent * (level + 1))
                out.append(contentsOf: JSONValue.string(member.key).canonicalBytes())
                out.append(UInt8(ascii: ":"))
                out.append(UInt8(ascii: " "))
                member.value.writePretty(into: &out, indent: indent, level: level + 1)
            }
            JSONValue.newline(into: &out, spaces: indent * level)
            out.append(UInt8(ascii: "}"))
        default:
            // Scalars and empty containers print exactly as in canonical form.
            out.append(contentsOf: canonicalBytes())
        }
    }

    private static func newline(into out: inout [UInt8], spaces: Int) {
        out.append(UInt8(ascii: "\n"))
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: spaces))
    }
}
