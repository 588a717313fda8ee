/// The rules every payee, memo, comment and receipt text obeys, wherever it comes from (a typed
/// command, a journal, a CSV file, a receipt): bounded in length and free of control characters,
/// because it ends up in terminals and exports.
public enum FreeText {
    /// The longest payee, memo or comment the ledger accepts, in UTF-8 bytes.
    public static let maximumBytes = 500

    /// C0 controls (below U+0020), DEL and the C1 controls (U+0080–U+009F). `allowing` names the
    /// few a caller tolerates (a tab in a CSV cell, a newline in terminal output).
    public static func isControl(_ scalar: Unicode.Scalar, allowing allowed: Set<Unicode.Scalar> = []) -> Bool {
        (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)) && !allowed.contains(scalar)
    }

    public static func containsControlCharacter(_ text: some StringProtocol, allowing allowed: Set<Unicode.Scalar> = []) -> Bool {
        text.unicodeScalars.contains { isControl($0, allowing: allowed) }
    }

    /// `text` with every control character shown as `?`, for quoting bad input in an error.
    public static func withControlsShown(_ text: some StringProtocol) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) ? "?" : $0 }))
    }
}
