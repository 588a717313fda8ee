/// A tree head: which log (origin), how many leaves, and their root. Its note body is the
/// C2SP tlog-checkpoint text a signed note signs:
///
///     <origin>\n<size in decimal>\n<base64 of the 32-byte root>\n[extension lines, each \n-terminated]
///
/// Kakeibo's origin is the ledger's id. Kakeibo writes no extension lines; it keeps any it
/// reads, so a body read and written again is byte-identical.
public struct Checkpoint: Hashable, Sendable {
    public var origin: String
    public var size: UInt64
    public var root: Digest32
    /// C2SP allows lines after the root (none of ours has any); kept for round-tripping.
    public var extensionLines: [String]

    public init(origin: String, size: UInt64, root: Digest32, extensionLines: [String] = []) {
        self.origin = origin; self.size = size; self.root = root; self.extensionLines = extensionLines
    }

    public var noteBody: String {
        var text = "\(origin)\n\(size)\n\(Base64.encode(root.bytes))\n"
        for line in extensionLines { text += line + "\n" }
        return text
    }

    /// Nil unless `noteBody` is a well-formed checkpoint body: a non-empty origin line, a decimal
    /// size without leading zeros, a base64 line decoding to 32 bytes, then non-empty extension
    /// lines, every line ending in a newline (and nothing after the last one).
    public init?(noteBody: String) {
        guard noteBody.utf8.last == UInt8(ascii: "\n") else { return nil }
        var lines = noteBody.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        lines.removeLast()  // the empty string after the final newline
        guard lines.count >= 3, !lines[0].isEmpty, !lines.dropFirst(3).contains(where: \.isEmpty) else { return nil }
        let sizeText = lines[1]
        guard !sizeText.isEmpty, sizeText.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              sizeText == "0" || !sizeText.hasPrefix("0"), let size = UInt64(sizeText),
              let rootBytes = Base64.decode(lines[2]), let root = Digest32(bytes: rootBytes)
        else { return nil }
        self.init(origin: lines[0], size: size, root: root, extensionLines: Array(lines.dropFirst(3)))
    }
}
