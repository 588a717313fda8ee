/// Why a document could not be parsed, or why a field could not be read.
///
/// Offsets are byte offsets into the UTF-8 input so a bad event in a replay can
/// be located without re-parsing.
public enum JSONError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A byte that cannot start or continue the current token (also raw control characters in strings).
    case unexpectedByte(offset: Int, found: UInt8)
    /// The input stopped in the middle of a value.
    case unexpectedEnd
    /// A fraction or exponent: the ledger never carries floating point.
    case unsupportedNumber(offset: Int)
    /// An integer with a redundant leading zero, such as `01` or `-00`.
    case leadingZero(offset: Int)
    /// An integer that does not fit in `Int64`.
    case integerOverflow(offset: Int)
    /// A backslash escape that RFC 8259 does not define, or a malformed `\u` escape.
    case invalidEscape(offset: Int)
    /// A `\u` escape for a UTF-16 surrogate without its partner.
    case unpairedSurrogate(offset: Int)
    /// String bytes that are not well-formed UTF-8.
    case invalidUTF8(offset: Int)
    /// The same key twice in one object: canonical data never has them.
    case duplicateKey(String)
    /// Arrays and objects nested deeper than the parser allows.
    case tooDeep
    /// Something other than whitespace after the document.
    case trailingData(offset: Int)
    /// A required field is absent (or the receiver is not an object).
    case missingField(String)
    /// A field holds a value of the wrong JSON type.
    case wrongType(field: String, expected: String)

    public var description: String {
        switch self {
        case let .unexpectedByte(offset, found):
            let hex = String(found, radix: 16)
            let shown = found >= 0x20 && found < 0x7F ? " '\(Character(Unicode.Scalar(found)))'" : ""
            return "unexpected byte 0x\(hex.count == 1 ? "0" + hex : hex)\(shown) at offset \(offset)"
        case .unexpectedEnd:
            return "unexpected end of input"
        case let .unsupportedNumber(offset):
            return "unsupported number at offset \(offset): fractions and exponents are not allowed; money travels as integers or strings"
        case let .leadingZero(offset):
            return "number with a leading zero at offset \(offset)"
        case let .integerOverflow(offset):
            return "integer at offset \(offset) does not fit in Int64"
        case let .invalidEscape(offset):
            return "invalid escape sequence at offset \(offset)"
        case let .unpairedSurrogate(offset):
            return "unpaired UTF-16 surrogate in \\u escape at offset \(offset)"
        case let .invalidUTF8(offset):
            return "invalid UTF-8 at offset \(offset)"
        case let .duplicateKey(key):
            return "duplicate object key \"\(key)\""
        case .tooDeep:
            return "document nested deeper than \(JSONParser.maxDepth) levels"
        case let .trailingData(offset):
            return "unexpected data after the document at offset \(offset)"
        case let .missingField(field):
            return "missing field \"\(field)\""
        case let .wrongType(field, expected):
            return "field \"\(field)\" is not \(expected)"
        }
    }
}
