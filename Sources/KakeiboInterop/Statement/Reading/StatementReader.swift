import KakeiboDomain

/// Reads a bank statement file of any supported format: bytes to text (`StatementEncoding`), the
/// format from the content unless named, then that format's reader.
public enum StatementReader {
    public static func read(bytes: [UInt8], file: String, format: StatementFormat? = nil,
                            encoding: StatementEncoding? = nil) throws(ImportError) -> Statement {
        guard let text = StatementEncoding.decode(bytes, override: encoding) else {
            throw .unreadable(path: file, reason: encoding.map { "it is not \($0.rawValue) text" } ?? "it is not text in an encoding Kakeibo reads",
                              includedFrom: nil)
        }
        return try read(text: text, file: file, format: format)
    }

    public static func read(text: String, file: String, format: StatementFormat? = nil) throws(ImportError) -> Statement {
        guard let format = format ?? detect(text) else {
            throw .syntax(SourceLocation(file: file, line: 1), expected: "an OFX, QFX, QIF, CAMT.053 or MT940 statement",
                          found: "none of them (name the format if it is one)")
        }
        switch format {
        case .ofx: return try OFXReader.read(text, file: file)
        case .qif: return try QIFReader.read(text, file: file)
        case .camt053: return try CAMT053Reader.read(text, file: file)
        case .mt940: return try MT940Reader.read(text, file: file)
        }
    }

    /// The format the text is in, from its first lines: OFX's header or `<OFX>` tag, an XML document
    /// of camt.053 (its namespace or BkToCstmrStmt), a QIF `!Type:` or `!Account` header, an MT940
    /// `:20:` field or SWIFT envelope. Nil when none fits.
    public static func detect(_ text: String) -> StatementFormat? {
        var head = String(text.prefix(4096)).drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        // Comment lines before a QIF header (quiffen's test files).
        while head.hasPrefix("#"), let end = head.firstIndex(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            head = head[end...].drop { $0.isWhitespace }
        }
        let upper = head.uppercased()
        if upper.hasPrefix("OFXHEADER") || upper.contains("<OFX>") || upper.contains("<?OFX") { return .ofx }
        if head.hasPrefix("<") && (head.contains("camt.053") || head.contains("BkToCstmrStmt")) { return .camt053 }
        if upper.hasPrefix("!TYPE") || upper.hasPrefix("!ACCOUNT") || upper.hasPrefix("!OPTION") || upper.hasPrefix("!CLEAR") { return .qif }
        if head.hasPrefix("{1:") || head.hasPrefix(":20:") || (upper.contains("\n:20:") && upper.contains(":61:")) || upper.hasPrefix(":") && upper.contains(":20:") {
            return .mt940
        }
        return nil
    }
}
