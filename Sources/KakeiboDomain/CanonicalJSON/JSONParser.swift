/// Strict RFC 8259 recursive-descent parser over UTF-8 bytes, minus floating point.
///
/// Works on a raw buffer pointer with a plain integer cursor so the hot loop has
/// no generics, existentials, `Character`s or slice copies. Anything a canonical
/// writer would never produce and RFC 8259 forbids is an error, never a guess:
/// ledger replay must fail loudly on corrupt data rather than "fix" it.
struct JSONParser {
    /// Deep enough for any event payload, shallow enough to keep recursion off the stack limit.
    static let maxDepth = 64

    private let base: UnsafePointer<UInt8>
    private let end: Int
    private var index = 0
    private var depth = 0

    private init(base: UnsafePointer<UInt8>, end: Int) {
        self.base = base
        self.end = end
    }

    /// Parses exactly one document; surrounding JSON whitespace is allowed.
    static func parse(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONError) -> JSONValue {
        guard let base = buffer.baseAddress, buffer.count > 0 else { throw .unexpectedEnd }
        var parser = JSONParser(base: base, end: buffer.count)
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index != parser.end { throw .trailingData(offset: parser.index) }
        return value
    }

    // MARK: - Structure

    @inline(__always)
    private mutating func skipWhitespace() {
        while index < end {
            switch base[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(JSONError) -> JSONValue {
        guard index < end else { throw .unexpectedEnd }
        switch base[index] {
        case UInt8(ascii: "\""):
            return .string(try parseString())
        case UInt8(ascii: "{"):
            return try parseObject()
        case UInt8(ascii: "["):
            return try parseArray()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .int(try parseInteger())
        case UInt8(ascii: "t"):
            try expectLiteral(0x74_72_75_65, length: 4)  // "true"
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral(0x66_61_6C_73_65, length: 5)  // "false"
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral(0x6E_75_6C_6C, length: 4)  // "null"
            return .null
        case UInt8(ascii: "."):
            throw .unsupportedNumber(offset: index)
        case let b:
            throw .unexpectedByte(offset: index, found: b)
        }
    }

    /// `literal` holds the expected ASCII bytes big-endian in its low `length` bytes.
    @inline(__always)
    private mutating func expectLiteral(_ literal: UInt64, length: Int) throws(JSONError) {
        for k in 0..<length {
            let expected = UInt8(truncatingIfNeeded: literal >> (8 * UInt64(length - 1 - k)))
            guard index < end else { throw .unexpectedEnd }
            let b = base[index]
            guard b == expected else { throw .unexpectedByte(offset: index, found: b) }
            index += 1
        }
    }

    private mutating func enterContainer() throws(JSONError) {
        depth += 1
        if depth > JSONParser.maxDepth { throw .tooDeep }
    }

    private mutating func parseArray() throws(JSONError) -> JSONValue {
        try enterContainer()
        index += 1  // "["
        skipWhitespace()
        guard index < end else { throw .unexpectedEnd }
        var elements: [JSONValue] = []
        if base[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        elements.reserveCapacity(4)
        while true {
            elements.append(try parseValue())
            skipWhitespace()
            guard index < end else { throw .unexpectedEnd }
            let b = base[index]
            index += 1
            if b == UInt8(ascii: ",") {
                skipWhitespace()
                continue
            }
            if b == UInt8(ascii: "]") { break }
            throw .unexpectedByte(offset: index - 1, found: b)
        }
        depth -= 1
        return .array(elements)
    }

    private mutating func parseObject() throws(JSONError) -> JSONValue {
        try enterContainer()
        index += 1  // "{"
        skipWhitespace()
        guard index < end else { throw .unexpectedEnd }
        if base[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object([:])
        }
        // Typical event payloads have under a dozen fields: one allocation, no rehash.
        var members = [String: JSONValue](minimumCapacity: 8)
        while true {
            guard index < end else { throw .unexpectedEnd }
            let quote = base[index]
            guard quote == UInt8(ascii: "\"") else { throw .unexpectedByte(offset: index, found: quote) }
            let key = try parseString()
            skipWhitespace()
            guard index < end else { throw .unexpectedEnd }
            let colon = base[index]
            guard colon == UInt8(ascii: ":") else { throw .unexpectedByte(offset: index, found: colon) }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            if members.updateValue(value, forKey: key) != nil { throw .duplicateKey(key) }
            skipWhitespace()
            guard index < end else { throw .unexpectedEnd }
            let b = base[index]
            index += 1
            if b == UInt8(ascii: ",") {
                skipWhitespace()
                continue
            }
            if b == UInt8(ascii: "}") { break }
            throw .unexpectedByte(offset: index - 1, found: b)
        }
        depth -= 1
        return .object(members)
    }

    // MARK: - Integers

    /// `-?(0|[1-9][0-9]*)` into `Int64`; fractions and exponents are refused outright.
    private mutating func parseInteger() throws(JSONError) -> Int64 {
        let start = index
        var negative = false
        if base[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
            guard index < end else { throw .unexpectedEnd }
        }
        let digitsStart = index
        var magnitude: UInt64 = 0
        while index < end {
            let d = base[index] &- UInt8(ascii: "0")
            if d > 9 { break }
            // Wraps only past 19 digits, which the length check below rejects.
            magnitude = magnitude &* 10 &+ UInt64(d)
            index += 1
        }
        let digitCount = index - digitsStart
        if digitCount == 0 {
            if index < end {
                if base[index] == UInt8(ascii: ".") { throw .unsupportedNumber(offset: start) }
                throw .unexpectedByte(offset: index, found: base[index])
            }
            throw .unexpectedEnd
        }
        if index < end {
            switch base[index] {
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
                throw .unsupportedNumber(offset: start)
            default:
                break
            }
        }
        if digitCount > 1 && base[digitsStart] == UInt8(ascii: "0") { throw .leadingZero(offset: start) }
        if digitCount > 19 { throw .integerOverflow(offset: start) }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { throw .integerOverflow(offset: start) }
            return Int64(bitPattern: 0 &- magnitude)
        }
        guard magnitude <= UInt64(Int64.max) else { throw .integerOverflow(offset: start) }
        return Int64(magnitude)
    }

    // MARK: - Strings

    /// Fast path: no escapes, so the bytes between the quotes become the String directly.
    private mutating func parseString() throws(JSONError) -> String {
        index += 1  // opening quote
        let start = index
        while index < end {
            // Skip plain ASCII eight bytes at a time; stop at the first byte that needs a look.
            while index &+ 8 <= end {
                let mask = Self.specialStringBytes(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                if mask != 0 {
                    index &+= mask.trailingZeroBitCount &>> 3
                    break
                }
                index &+= 8
            }
            guard index < end else { break }
            let b = base[index]
            if b == UInt8(ascii: "\"") {
                let s = String(decoding: UnsafeBufferPointer(start: base + start, count: index - start), as: UTF8.self)
                index += 1
                return s
            }
            if b == UInt8(ascii: "\\") { return try parseEscapedString(start: start) }
            if b < 0x20 { throw .unexpectedByte(offset: index, found: b) }
            if b < 0x80 {
                index += 1
            } else {
                try skipMultibyteScalar()
            }
        }
        throw .unexpectedEnd
    }

    /// Slow path: unescape into a scratch buffer, starting with the plain prefix already scanned.
    private mutating func parseEscapedString(start: Int) throws(JSONError) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(index - start + 16)
        bytes.append(contentsOf: UnsafeBufferPointer(start: base + start, count: index - start))
        while index < end {
            let b = base[index]
            switch b {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: bytes, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &bytes)
            case 0..<0x20:
                throw .unexpectedByte(offset: index, found: b)
            case 0x20..<0x80:
                bytes.append(b)
                index += 1
            default:
                let scalarStart = index
                try skipMultibyteScalar()
                bytes.append(contentsOf: UnsafeBufferPointer(start: base + scalarStart, count: index - scalarStart))
            }
        }
        throw .unexpectedEnd
    }

    private mutating func parseEscape(into bytes: inout [UInt8]) throws(JSONError) {
        let escapeStart = index
        index += 1  // backslash
        guard index < end else { throw .unexpectedEnd }
        let c = base[index]
        index += 1
        switch c {
        case UInt8(ascii: "\""): bytes.append(0x22)
        case UInt8(ascii: "\\"): bytes.append(0x5C)
        case UInt8(ascii: "/"): bytes.append(0x2F)
        case UInt8(ascii: "b"): bytes.append(0x08)
        case UInt8(ascii: "f"): bytes.append(0x0C)
        case UInt8(ascii: "n"): bytes.append(0x0A)
        case UInt8(ascii: "r"): bytes.append(0x0D)
        case UInt8(ascii: "t"): bytes.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try parseHex4(escapeStart: escapeStart)
            var scalarValue = UInt32(unit)
            switch unit {
            case 0xD800...0xDBFF:
                // A high surrogate must be followed immediately by an escaped low surrogate.
                guard index + 1 < end, base[index] == UInt8(ascii: "\\"), base[index + 1] == UInt8(ascii: "u") else {
                    throw .unpairedSurrogate(offset: escapeStart)
                }
                let lowStart = index
                index += 2
                let low = try parseHex4(escapeStart: lowStart)
                guard (0xDC00...0xDFFF).contains(low) else { throw .unpairedSurrogate(offset: escapeStart) }
                scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            case 0xDC00...0xDFFF:
                throw .unpairedSurrogate(offset: escapeStart)
            default:
                break
            }
            // Surrogates are excluded above, so this always succeeds.
            guard let scalar = Unicode.Scalar(scalarValue) else { throw .invalidEscape(offset: escapeStart) }
            UTF8.encode(scalar) { bytes.append($0) }
        default:
            throw .invalidEscape(offset: escapeStart)
        }
    }

    private mutating func parseHex4(escapeStart: Int) throws(JSONError) -> UInt16 {
        guard index + 4 <= end else {
            // Distinguish a truncated document from a malformed escape.
            for k in index..<end where Self.hexValue(base[k]) == nil { throw .invalidEscape(offset: escapeStart) }
            throw .unexpectedEnd
        }
        var value: UInt16 = 0
        for k in 0..<4 {
            guard let v = Self.hexValue(base[index + k]) else { throw .invalidEscape(offset: escapeStart) }
            value = value << 4 | UInt16(v)
        }
        index += 4
        return value
    }

    /// SWAR test over eight bytes: the high bit of each lane is set where the byte
    /// is `"`, `\`, a control character or non-ASCII. Lanes above the first hit may
    /// be false positives (borrow propagation), so only the lowest set lane is exact.
    @inline(__always)
    private static func specialStringBytes(_ raw: UInt64) -> UInt64 {
        let word = UInt64(littleEndian: raw)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let hasQuote = (quote &- ones) & ~quote
        let hasBackslash = (backslash &- ones) & ~backslash
        let hasControl = (word &- ones &* 0x20) & ~word
        return (hasQuote | hasBackslash | hasControl | word) & highs
    }

    @inline(__always)
    private static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return b &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return b &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return b &- UInt8(ascii: "A") &+ 10
        default: return nil
        }
    }

    /// Validates one multi-byte UTF-8 scalar at the cursor (Unicode Table 3-7:
    /// no overlongs, no surrogates, nothing above U+10FFFF) and steps over it.
    @inline(__always)
    private mutating func skipMultibyteScalar() throws(JSONError) {
        let lead = base[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: throw .invalidUTF8(offset: index)
        }
        guard index + length <= end else { throw .invalidUTF8(offset: index) }
        let second = base[index + 1]
        guard second >= low && second <= high else { throw .invalidUTF8(offset: index) }
        var k = 2
        while k < length {
            guard base[index + k] & 0xC0 == 0x80 else { throw .invalidUTF8(offset: index) }
            k += 1
        }
        index += length
    }
}
