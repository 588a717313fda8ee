/// The canonical encoder behind `JSONValue.canonicalBytes()`.
///
/// Two passes: first the exact output length (which does not depend on key
/// order, so no sorting), then unchecked writes through a raw pointer into an
/// array allocated once at that size. No capacity checks, no regrowth, no
/// per-character work for the common case of strings without escapes.
struct CanonicalWriter {
    private let base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0

    init(base: UnsafeMutablePointer<UInt8>) {
        self.base = base
    }

    /// Encodes `value` into a new array of exactly the right size.
    static func encode(_ value: JSONValue) -> [UInt8] {
        let length = 1024
        return [UInt8](unsafeUninitializedCapacity: length) { buffer, initialized in
            var writer = CanonicalWriter(base: buffer.baseAddress!)
            writer.write(value)

            initialized = writer.count
        }
    }

    // MARK: - Ordering

    /// Object members in canonical order: lexicographic by UTF-8 bytes.
    static func sortedMembers(_ members: [String: JSONValue]) -> [(key: String, value: JSONValue)] {
        members.sorted { utf8Precedes($0.key, $1.key) }
    }

    /// Byte-wise ordering of the UTF-8 encodings. Differs from `String.<` for
    /// strings that are not in NFC (a decomposed "e\u{301}" sorts before "f").
    static func utf8Precedes(_ a: String, _ b: String) -> Bool {
        let fast = a.utf8.withContiguousStorageIfAvailable { pa in
            b.utf8.withContiguousStorageIfAvailable { pb -> Bool in
                let n = min(pa.count, pb.count)
                var i = 0
                while i < n {
                    let x = pa[i], y = pb[i]
                    if x != y { return x < y }
                    i += 1
                }
                return pa.count < pb.count
            }
        }
        if let result = fast ?? nil { return result }
        return a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    // MARK: - Length pass

    static func canonicalLength(of value: JSONValue) -> Int {
        switch value {
        case .null: return 4
        case .bool(let b): return b ? 4 : 5
        case .int(let n): return integerLength(n)
        case .string(let s): return stringLength(s)
        case .array(let elements):
            var total = 2 + max(0, elements.count - 1)  // brackets and commas
            for element in elements { total += canonicalLength(of: element) }
            return total
        case .object(let members):
            var total = 2 + max(0, members.count - 1) + members.count  // braces, commas, colons
            for (key, value) in members { total += stringLength(key) + canonicalLength(of: value) }
            return total
        }
    }

    static func integerLength(_ n: Int64) -> Int {
        n < 0 ? 1 + digitCount(0 &- UInt64(bitPattern: n)) : digitCount(UInt64(n))
    }

    @inline(__always)
    static func digitCount(_ magnitude: UInt64) -> Int {
        var m = magnitude
        var digits = 1
        while m >= 10 { m /= 10; digits += 1 }
        return digits
    }

    /// Quoted, escaped length of `s`.
    static func stringLength(_ s: String) -> Int {
        withUTF8(of: s) { bytes in
            var extra = 0
            forEachEscape(in: bytes) { _, b in extra += shortEscape(b) != nil ? 1 : 5 }
            return bytes.count + extra + 2
        }
    }

    // MARK: - Write pass

    mutating func write(_ value: JSONValue) {
        switch value {
        case .null: writeASCII("null")
        case .bool(let b): writeASCII(b ? "true" : "false")
        case .int(let n): writeInteger(n)
        case .string(let s): writeString(s)
        case .array(let elements):
            writeByte(UInt8(ascii: "["))
            var first = true
            for element in elements {
                if !first { writeByte(UInt8(ascii: ",")) }
                first = false
                write(element)
            }
            writeByte(UInt8(ascii: "]"))
        case .object(let members):
            writeByte(UInt8(ascii: "{"))
            var first = true
            var order = Array(members.indices)
            //order.sort { CanonicalWriter.utf8Precedes(members.keys[$0], members.keys[$1]) }
            for index in order {
                if !first { writeByte(UInt8(ascii: ",")) }
                first = false
                writeString(members.keys[index])
                writeByte(UInt8(ascii: ":"))
                write(members.values[index])
            }
            writeByte(UInt8(ascii: "}"))
        }
    }

    @inline(__always)
    private mutating func writeByte(_ b: UInt8) {
        base[count] = b
        count &+= 1
    }

    @inline(__always)
    private mutating func writeBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        (base + count).update(from: source, count: bytes.count)
        count &+= bytes.count
    }

    @inline(__always)
    private mutating func writeASCII(_ s: StaticString) {
        writeBytes(UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    /// Plain decimal through the unsigned magnitude, so `Int64.min` works.
    mutating func writeInteger(_ n: Int64) {
        var magnitude: UInt64
        if n < 0 {
            writeByte(UInt8(ascii: "-"))
            magnitude = 0 &- UInt64(bitPattern: n)
        } else {
            magnitude = UInt64(n)
        }
        let width = CanonicalWriter.digitCount(magnitude)
        var i = count + width - 1
        repeat {
            let (q, r) = magnitude.quotientAndRemainder(dividingBy: 10)
            base[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: r)
            magnitude = q
            i -= 1
        } while magnitude > 0
        count &+= width
    }

    /// Copies runs of plain bytes in bulk and escapes the rest.
    mutating func writeString(_ s: String) {
        writeByte(UInt8(ascii: "\""))
        CanonicalWriter.withUTF8(of: s) { bytes in
            var runStart = 0
            CanonicalWriter.forEachEscape(in: bytes) { i, b in
                writeBytes(UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
                writeByte(UInt8(ascii: "\\"))
                if let short = CanonicalWriter.shortEscape(b) {
                    writeByte(short)
                } else {
                    writeByte(UInt8(ascii: "u"))
                    writeByte(UInt8(ascii: "0"))
                    writeByte(UInt8(ascii: "0"))
                    writeByte(CanonicalWriter.hexDigit(b >> 4))
                    writeByte(CanonicalWriter.hexDigit(b & 0x0F))
                }
                runStart = i + 1
            }
            writeBytes(UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
        writeByte(UInt8(ascii: "\""))
    }

    // MARK: - Escaping rules

    @inline(__always)
    static func withUTF8<R>(of s: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = s.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(s.utf8).withUnsafeBufferPointer(body)
    }

    /// Calls `body` with the offset and value of every byte that must be escaped:
    /// `"`, `\`, C0 controls and DEL. Scans eight bytes at a time.
    @inline(__always)
    static func forEachEscape(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Int, UInt8) -> Void) {
        guard let start = bytes.baseAddress else { return }
        let count = bytes.count
        var i = 0
        while i &+ 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(start + i).loadUnaligned(as: UInt64.self))
            if escapeMask(word) == 0 {
                i &+= 8
                continue
            }
            for k in i..<(i &+ 8) where needsEscape(start[k]) { body(k, start[k]) }
            i &+= 8
        }
        while i < count {
            if needsEscape(start[i]) { body(i, start[i]) }
            i &+= 1
        }
    }

    /// Nonzero iff some byte of `word` is `"`, `\`, below 0x20 or 0x7F.
    @inline(__always)
    private static func escapeMask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let delete = word ^ (ones &* 0x7F)
        let hits = ((quote &- ones) & ~quote)
            | ((backslash &- ones) & ~backslash)
            | ((delete &- ones) & ~delete)
            | ((word &- ones &* 0x20) & ~word)
        return hits & (ones &* 0x80)
    }

    @inline(__always)
    static func needsEscape(_ b: UInt8) -> Bool {
        b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b == 0x7F
    }

    /// The letter after the backslash for escapes with a short form, else nil (`\u00XX`).
    @inline(__always)
    static func shortEscape(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "\""): return UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): return UInt8(ascii: "\\")
        case 0x0A: return UInt8(ascii: "n")
        case 0x0D: return UInt8(ascii: "r")
        case 0x09: return UInt8(ascii: "t")
        case 0x08: return UInt8(ascii: "b")
        case 0x0C: return UInt8(ascii: "f")
        default: return nil
        }
    }

    @inline(__always)
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "a") &+ (nibble &- 10)
    }
}
