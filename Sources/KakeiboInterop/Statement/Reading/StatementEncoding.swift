import Foundation

/// The text encodings bank files come in, and how bytes become text: a byte-order mark first, then
/// what the file declares (an OFX header's CHARSET/ENCODING, an XML declaration), then UTF-8 if the
/// bytes are valid UTF-8, else Windows-1252 (a superset of ISO-8859-1's printable characters, which
/// is what European banks' "Latin-1" exports hold in practice). An encoding the user names wins.
public enum StatementEncoding: String, CaseIterable, Hashable, Sendable {
    case utf8 = "utf-8"
    case utf16LE = "utf-16le"
    case utf16BE = "utf-16be"
    case windows1252 = "windows-1252"
    case latin1 = "iso-8859-1"

    /// Reads a name as people write it: `UTF-8`, `utf8`, `UTF-16` (byte order from the BOM, else
    /// little-endian), `cp1252`, `1252`, `latin1`, `ISO-8859-1`, `USASCII` (read as UTF-8).
    public init?(name: String) {
        let key = name.lowercased().filter { $0 != "-" && $0 != "_" && $0 != " " }
        switch key {
        case "utf8", "usascii", "ascii", "unicode", "utf8bom": self = .utf8
        case "utf16", "utf16le", "ucs2": self = .utf16LE
        case "utf16be": self = .utf16BE
        case "windows1252", "cp1252", "1252", "win1252", "ansi": self = .windows1252
        case "latin1", "iso88591", "88591", "isolatin1", "l1", "iso885915", "latin9": self = .latin1
        default: return nil
        }
    }

    /// The text of `bytes`: `override` when given, else detected. Nil when the bytes are not text
    /// in the encoding named (UTF-8 or UTF-16 that does not decode).
    public static func decode(_ bytes: [UInt8], override: StatementEncoding? = nil) -> String? {
        var body = bytes[...]
        var bom: StatementEncoding?
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { bom = .utf8; body = body.dropFirst(3) }
        else if body.starts(with: [0xFF, 0xFE]) { bom = .utf16LE; body = body.dropFirst(2) }
        else if body.starts(with: [0xFE, 0xFF]) { bom = .utf16BE; body = body.dropFirst(2) }
        var encoding = override ?? bom ?? sniffUTF16(body) ?? declared(in: body)
        if override == .utf16LE, bom == .utf16BE { encoding = .utf16BE }
        switch encoding {
        case .utf16LE?, .utf16BE?:
            guard body.count % 2 == 0 else { return nil }
            var units: [UInt16] = []
            units.reserveCapacity(body.count / 2)
            var index = body.startIndex
            while index < body.endIndex {
                let a = UInt16(body[index]), b = UInt16(body[index + 1])
                units.append(encoding == .utf16LE ? a | b << 8 : a << 8 | b)
                index += 2
            }
            return String(validating: units, as: UTF16.self)
        case .utf8?:
            if let text = String(validating: body, as: UTF8.self) { return text }
            // Declared UTF-8 but not: banks mislabel Windows-1252 exports; a named override refuses.
            return override == nil ? windows1252(body) : nil
        case .windows1252?: return windows1252(body)
        case .latin1?: return String(decoding: body.map { UInt16($0) }, as: UTF16.self)
        case nil:
            return String(validating: body, as: UTF8.self) ?? windows1252(body)
        }
    }

    /// UTF-16 without a BOM: ASCII text then has a zero byte in every other place.
    static func sniffUTF16(_ bytes: ArraySlice<UInt8>) -> StatementEncoding? {
        let head = Array(bytes.prefix(64))
        guard head.count >= 4, head.count % 2 == 0 else { return nil }
        let evens = stride(from: 0, to: head.count, by: 2).filter { head[$0] == 0 }.count
        let odds = stride(from: 1, to: head.count, by: 2).filter { head[$0] == 0 }.count
        if odds == head.count / 2 && evens == 0 { return .utf16LE }
        if evens == head.count / 2 && odds == 0 { return .utf16BE }
        return nil
    }

    /// What the first kilobyte declares: an XML declaration's `encoding="…"`, or an OFX 1.x header's
    /// `CHARSET:` (1252, ISO-8859-1) and `ENCODING:` (UTF-8, USASCII).
    static func declared(in bytes: ArraySlice<UInt8>) -> StatementEncoding? {
        let head = String(decoding: bytes.prefix(1024).map { $0 < 0x80 ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
        if let range = head.range(of: "encoding=", options: .caseInsensitive), head.hasPrefix("<?") || head.contains("<?xml") {
            let rest = head[range.upperBound...].drop { $0 == " " }
            if let quote = rest.first, quote == "\"" || quote == "'" {
                let name = rest.dropFirst().prefix { $0 != quote }
                return StatementEncoding(name: String(name))
            }
        }
        var charset: StatementEncoding?, encoding: String?
        for line in head.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { if line.contains("<") { break } else { continue } }
            let key = parts[0].trimmingCharacters(in: .whitespaces).uppercased()
            let value = parts[1].trimmingCharacters(in: .whitespaces)
            if key == "CHARSET" { charset = StatementEncoding(name: value) }
            if key == "ENCODING" { encoding = value.uppercased() }
        }
        if encoding == "UTF-8" || encoding == "UTF8" { return .utf8 }
        return charset
    }

    /// Windows-1252: Latin-1 except 0x80–0x9F, which hold € ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ.
    /// The five unassigned bytes read as U+FFFD.
    static func windows1252(_ bytes: ArraySlice<UInt8>) -> String {
        var scalars = String.UnicodeScalarView()
        for byte in bytes {
            if (0x80...0x9F).contains(byte) {
                scalars.append(Unicode.Scalar(cp1252High[Int(byte) - 0x80]) ?? "\u{FFFD}")
            } else {
                scalars.append(Unicode.Scalar(byte))
            }
        }
        return String(scalars)
    }

    static let cp1252High: [UInt32] = [
        0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0xFFFD, 0x017D, 0xFFFD,
        0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0xFFFD, 0x017E, 0x0178,
    ]
}
