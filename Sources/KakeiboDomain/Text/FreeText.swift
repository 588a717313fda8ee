/// The rules every payee, memo, comment and receipt text obeys, wherever it comes from (a typed
/// command, a journal, a CSV file, a receipt, an account name): bounded in length and free of control
/// characters, because it ends up in terminals and exports. This is the one statement of both rules;
/// callers ask here rather than test bytes themselves, so a journal and a typed command cannot disagree.
public enum FreeText {
    /// The longest payee, memo or comment the ledger accepts, in UTF-8 bytes.
    public static let maximumBytes = 500

    /// Whether `text` is within `maximumBytes`.
    @inlinable
    public static func fitsLength(_ text: some StringProtocol) -> Bool {
        text.utf8.count <= maximumBytes
    }

    /// C0 controls (below U+0020), DEL and the C1 controls (U+0080–U+009F). `allowing` names the
    /// few a caller tolerates (a tab in a CSV cell, a newline in terminal output).
    @inlinable
    public static func isControl(_ scalar: Unicode.Scalar, allowing allowed: Set<Unicode.Scalar> = []) -> Bool {
        (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)) && !allowed.contains(scalar)
    }

    public static func containsControlCharacter(_ text: some StringProtocol, allowing allowed: Set<Unicode.Scalar> = []) -> Bool {
        guard allowed.isEmpty else { return text.unicodeScalars.contains { isControl($0, allowing: allowed) } }
        return firstControlCharacter(in: text.utf8) != nil
    }

    /// The first control character in UTF-8 `bytes`, as its byte offset and scalar value: the same test as
    /// `isControl`, on bytes, for a reader that scans whole lines before making strings. In UTF-8 a byte below
    /// 0x20 or 0x7F is always that character, and a C1 control is always 0xC2 then 0x80–0x9F.
    @inlinable
    public static func firstControlCharacter(in bytes: some Collection<UInt8>, allowingTab: Bool = false) -> (offset: Int, scalar: UInt32)? {
        var offset = 0
        var afterC2 = false
        for byte in bytes {
            if afterC2, (0x80...0x9F).contains(byte) { return (offset - 1, UInt32(byte)) }
            if (byte < 0x20 && !(allowingTab && byte == 0x09)) || byte == 0x7F { return (offset, UInt32(byte)) }
            afterC2 = byte == 0xC2
            offset += 1
        }
        return nil
    }

    /// `text` with every control character shown as `?`, for quoting bad input in an error.
    public static func withControlsShown(_ text: some StringProtocol) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) ? "?" : $0 }))
    }
}
