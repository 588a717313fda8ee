/// A C2SP signed note (https://c2sp.org/signed-note): a text that ends in a line break, a blank
/// line, then one line per signature, `— NAME BASE64(KEYID ‖ SIGNATURE)`.
///
/// Why this format and not a JSON envelope: it is what Go's checksum database, Sigstore and the
/// transparency-dev witnesses exchange, so a checkpoint a Kakeibo server signs can be checked with
/// their tools, and the text signed is the text shown (no canonicalisation step to get wrong).
/// Signatures by keys a reader does not know are kept, unverified, and written back unchanged.
public struct SignedNote: Hashable, Sendable, CustomStringConvertible {
    /// The signed text: at least one line, ending in `\n`, with no blank line.
    public var text: String
    public var signatures: [Signature]

    public init(text: String, signatures: [Signature] = []) {
        self.text = text
        self.signatures = signatures
    }

    /// The note's bytes: the text, a blank line, the signature lines; the text alone while it has no signature.
    public var description: String {
        signatures.isEmpty ? text : text + "\n" + signatures.map { $0.line + "\n" }.joined()
    }

    /// Reads a note as a server or a file has it. The text is split from the signatures at the last blank line.
    public init(parsing note: String) throws(SignedNoteError) {
        guard note.hasSuffix("\n") else { throw .noFinalLineBreak }
        guard note.utf8.count <= Self.maxBytes else { throw .tooLong(note.utf8.count) }
        // Split at the last blank line, by bytes: a note is UTF-8 and "\n" is one byte in it.
        let bytes = Array(note.utf8)
        guard let split = (0..<max(bytes.count - 1, 0)).reversed().first(where: { bytes[$0] == 0x0a && bytes[$0 + 1] == 0x0a }) else {
            throw .noSignatures
        }
        text = String(decoding: bytes[...split], as: UTF8.self)
        guard !bytes[..<split].indices.contains(where: { bytes[$0] == 0x0a && bytes[$0 + 1] == 0x0a }) else { throw .blankLineInText }
        let block = bytes[(split + 2)..<(bytes.count - 1)]
        signatures = []
        for (index, line) in block.split(separator: 0x0a, omittingEmptySubsequences: false).enumerated() {
            let lineText = String(decoding: line, as: UTF8.self)
            guard let signature = Signature(line: lineText) else { throw .badSignatureLine(index + 1, String(lineText.prefix(80))) }
            signatures.append(signature)
        }
        guard !signatures.isEmpty else { throw .noSignatures }
    }

    /// Go's limit on a note (`sumdb/note`): larger inputs are refused before any parsing work.
    public static let maxBytes = 1_000_000

    /// This note with `signature` added; one already there from the same key (name and key ID) is replaced.
    public func adding(_ signature: Signature) -> SignedNote {
        var copy = self
        copy.signatures.removeAll { $0.name == signature.name && $0.keyID == signature.keyID }
        copy.signatures.append(signature)
        return copy
    }

    /// The signatures that `verifier` checks: the same name and key ID, and an Ed25519 signature of the text.
    public func signature(by verifier: Verifier) -> Signature? {
        signatures.first { $0.name == verifier.name && $0.keyID == verifier.keyID && verifier.verifies($0, of: text) }
    }

    /// One signature line: the signer's name, its 4-byte key ID and the signature itself.
    public struct Signature: Hashable, Sendable {
        public var name: String
        public var keyID: UInt32
        public var bytes: [UInt8]

        public init(name: String, keyID: UInt32, bytes: [UInt8]) {
            self.name = name
            self.keyID = keyID
            self.bytes = bytes
        }

        /// `— NAME BASE64`, the em dash (U+2014) and a space first.
        public var line: String {
            "\u{2014} \(name) " + Base64.encode(SignedNote.bigEndian(keyID) + bytes)
        }

        init?(line: String) {
            guard line.hasPrefix("\u{2014} ") else { return nil }
            let rest = line.dropFirst(2)
            guard let space = rest.lastIndex(of: " ") else { return nil }
            let name = String(rest[..<space])
            guard SignedNote.isKeyName(name), let blob = Base64.decode(String(rest[rest.index(after: space)...])),
                  blob.count > 4 else { return nil }
            let bytes = blob
            self.init(name: name, keyID: SignedNote.uint32(bytes[0..<4]), bytes: Array(bytes[4...]))
        }
    }

    /// A key name: not empty, no spaces or `+` (they separate the fields of a key), no line breaks.
    public static func isKeyName(_ name: String) -> Bool {
        !name.isEmpty && !name.unicodeScalars.contains { $0 == "+" || $0.properties.isWhitespace || $0.value < 0x20 }
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff)]
    }

    static func uint32<C: Collection<UInt8>>(_ bytes: C) -> UInt32 {
        bytes.reduce(0) { $0 << 8 | UInt32($1) }
    }
}

/// Why a text is not a signed note, or a key is not a key. Data only: the CLI words it.
public enum SignedNoteError: Error, Hashable, Sendable {
    case noFinalLineBreak
    case tooLong(Int)
    /// No blank line followed by signature lines.
    case noSignatures
    case blankLineInText
    /// The signature line (1-based, after the blank line) and its start.
    case badSignatureLine(Int, String)
    /// A verifier or private key string that does not parse; what was wrong with it.
    case badKey(String)
}

extension SignedNote {
    /// `text` without leading and trailing spaces and line breaks (a key read from a file ends in one).
    static func trimmed(_ text: String) -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" }
        guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) }) else { return "" }
        return text[first...last]
    }
}
