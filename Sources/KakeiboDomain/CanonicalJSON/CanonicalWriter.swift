/// The canonical encoder behind `JSONValue.canonicalBytes()`.
///
/// Writes through a raw pointer into one scratch buffer that grows by doubling,
/// then copies the result into an exactly-sized array. Measured faster than both
/// `[UInt8].append` (uniqueness and capacity checks on every call) and an exact
/// length pre-pass (a second walk of every dictionary).
struct CanonicalWriter: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0

    private init(capacity: Int) {
        self.capacity = capacity
        self.base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// Encodes `value` canonically.
    static func encode(_ value: JSONValue) -> [UInt8] {
        var writer = CanonicalWriter(capacity: 512)
        writer.write(value)
        return Array(UnsafeBufferPointer(start: writer.base, count: writer.count))
    }

    /// Encodes an object whose members `body` writes in canonical key order, with no
    /// dictionary to build and sort: for hot, fixed shapes such as the envelope header.
    static func encodeObject(_ body: (inout CanonicalWriter) -> Void) -> [UInt8] {
        var writer = CanonicalWriter(capacity: 512)
        writer.reserve(1)
        writer.put(UInt8(ascii: "{"))
        body(&writer)
        writer.reserve(1)
        writer.put(UInt8(ascii: "}"))
        return Array(UnsafeBufferPointer(start: writer.base, count: writer.count))
    }

    /// One member of an `encodeObject` object. Keys must come in canonical (UTF-8 byte) order.
    mutating func member(_ key: StaticString, _ value: JSONValue) {
        if count > 1 {
            reserve(1)
            put(UInt8(ascii: ","))
        }
        reserve(key.utf8CodeUnitCount + 3)
        put(UInt8(ascii: "\""))
        put(UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        put(UInt8(ascii: "\""))
        put(UInt8(ascii: ":"))
        write(value)
    }

    // MARK: - Buffer

    @inline(__always)
    private mutating func reserve(_ n: Int) {
        if count &+ n > capacity { grow(minimum: count &+ n) }
    }

    @inline(never)
    private mutating func grow(minimum: Int) {
        var newCapacity = capacity &* 2
        while newCapacity < minimum { newCapacity &*= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Callers must have reserved room.
    @inline(__always)
    private mutating func put(_ b: UInt8) {
        base[count] = b
        count &+= 1
    }

    @inline(__always)
    private mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        (base + count).initialize(from: source, count: bytes.count)
        count &+= bytes.count
    }

    // MARK: - Values

    mutating func write(_ value: JSONValue) {
        switch value {
        case .null:
            reserve(4)
            put(UnsafeBufferPointer(start: ("null" as StaticString).utf8Start, count: 4))
        case .bool(let b):
            let literal: StaticString = b ? "true" : "false"
            reserve(literal.utf8CodeUnitCount)
            put(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
        case .int(let n):
            writeInteger(n)
        case .string(let s):
            writeString(s)
        case .array(let elements):
            reserve(2)
            put(UInt8(ascii: "["))
            var first = true
            for element in elements {
                if !first {
                    reserve(1)
                    put(UInt8(ascii: ","))
                }
                first = false
                write(element)
            }
            reserve(1)
            put(UInt8(ascii: "]"))
        case .object(let members):
            reserve(2)
            put(UInt8(ascii: "{"))
            // Sort small POD keys (prefix, index) on the stack: no retains, no heap.
            withUnsafeTemporaryAllocation(of: SortKey.self, capacity: members.count) { order in
                CanonicalWriter.fillCanonicalOrder(order, members)
                defer { _ = order.deinitialize() }
                var first = true
                for entry in order {
                    reserve(1)
                    if !first { put(UInt8(ascii: ",")) }
                    first = false
                    writeString(members.keys[entry.index])
                    reserve(1)
                    put(UInt8(ascii: ":"))
                    write(members.values[entry.index])
                }
            }
            reserve(1)
            put(UInt8(ascii: "}"))
        }
    }

    /// Plain decimal through the unsigned magnitude, so `Int64.min` works.
    private mutating func writeInteger(_ n: Int64) {
        reserve(20)
        var magnitude: UInt64
        if n < 0 {
            put(UInt8(ascii: "-"))
            magnitude = 0 &- UInt64(bitPattern: n)
        } else {
            magnitude = UInt64(n)
        }
        var digits = 1
        var probe = magnitude
        while probe >= 10 { probe /= 10; digits &+= 1 }
        var i = count &+ digits &- 1
        repeat {
            let (q, r) = magnitude.quotientAndRemainder(dividingBy: 10)
            base[i] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: r)
            magnitude = q
            i &-= 1
        } while magnitude > 0
        count &+= digits
    }

    /// Copies runs of plain bytes in bulk (found eight at a time) and escapes the rest.
    private mutating func writeString(_ s: String) {
        CanonicalWriter.withUTF8(of: s) { bytes in
            reserve(bytes.count &* 6 &+ 2)  // worst case: every byte becomes \u00XX
            put(UInt8(ascii: "\""))
            guard let start = bytes.baseAddress else {
                put(UInt8(ascii: "\""))
                return
            }
            let end = bytes.count
            var runStart = 0
            var i = 0
            while i < end {
                if i &+ 8 <= end {
                    let word = UnsafeRawPointer(start + i).loadUnaligned(as: UInt64.self)
                    if CanonicalWriter.escapeMask(UInt64(littleEndian: word)) == 0 {
                        i &+= 8
                        continue
                    }
                }
                let b = start[i]
                if CanonicalWriter.needsEscape(b) {
                    put(UnsafeBufferPointer(start: start + runStart, count: i &- runStart))
                    writeEscape(b)
                    runStart = i &+ 1
                }
                i &+= 1
            }
            put(UnsafeBufferPointer(start: start + runStart, count: end &- runStart))
            put(UInt8(ascii: "\""))
        }
    }

    /// Callers must have reserved six bytes.
    @inline(__always)
    private mutating func writeEscape(_ b: UInt8) {
        put(UInt8(ascii: "\\"))
        switch b {
        case UInt8(ascii: "\""): put(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): put(UInt8(ascii: "\\"))
        case 0x0A: put(UInt8(ascii: "n"))
        case 0x0D: put(UInt8(ascii: "r"))
        case 0x09: put(UInt8(ascii: "t"))
        case 0x08: put(UInt8(ascii: "b"))
        case 0x0C: put(UInt8(ascii: "f"))
        default:
            put(UInt8(ascii: "u"))
            put(UInt8(ascii: "0"))
            put(UInt8(ascii: "0"))
            put(CanonicalWriter.hexDigit(b >> 4))
            put(CanonicalWriter.hexDigit(b & 0x0F))
        }
    }

    // MARK: - Escaping rules

    @inline(__always)
    private static func withUTF8<R>(of s: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = s.utf8.withContiguousStorageIfAvailable(body) { return result }
        return Array(s.utf8).withUnsafeBufferPointer(body)
    }

    /// Nonzero iff some byte of `word` is `"`, `\`, below 0x20 or 0x7F.
    /// (Exact as a zero test; which lanes are set above the first hit is not.)
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
    private static func needsEscape(_ b: UInt8) -> Bool {
        b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b == 0x7F
    }

    @inline(__always)
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "a") &+ (nibble &- 10)
    }

    // MARK: - Key order

    /// A member's position plus its first eight key bytes as a big-endian integer,
    /// so most comparisons are one integer compare instead of two buffer walks.
    typealias SortKey = (prefix: UInt64, index: [String: JSONValue].Index)

    /// Object members in canonical order: lexicographic by UTF-8 bytes.
    static func sortedMembers(_ members: [String: JSONValue]) -> [(key: String, value: JSONValue)] {
        withUnsafeTemporaryAllocation(of: SortKey.self, capacity: members.count) { order in
            fillCanonicalOrder(order, members)
            defer { _ = order.deinitialize() }
            return order.map { members[$0.index] }
        }
    }

    /// Initializes `order` (capacity == members.count) with every member, sorted.
    static func fillCanonicalOrder(_ order: UnsafeMutableBufferPointer<SortKey>, _ members: [String: JSONValue]) {
        var n = 0
        var index = members.startIndex
        while index != members.endIndex {
            order.initializeElement(at: n, to: (prefix: keyPrefix(members.keys[index]), index: index))
            n &+= 1
            members.formIndex(after: &index)
        }
        let precedes = { (a: SortKey, b: SortKey) -> Bool in
            if a.prefix != b.prefix { return a.prefix < b.prefix }
            return utf8Precedes(members.keys[a.index], members.keys[b.index])
        }
        if n <= 16 {
            // Insertion sort: fewest comparisons at event-payload sizes.
            var i = 1
            while i < n {
                let current = order[i]
                var j = i
                while j > 0 && precedes(current, order[j &- 1]) {
                    order[j] = order[j &- 1]
                    j &-= 1
                }
                order[j] = current
                i &+= 1
            }
        } else {
            var order = order
            order.sort(by: precedes)
        }
    }

    /// First eight UTF-8 bytes, big-endian, zero-padded. Equal prefixes fall back
    /// to a full comparison, so padding ("a" vs "a\0") never decides an order.
    @inline(__always)
    private static func keyPrefix(_ key: String) -> UInt64 {
        withUTF8(of: key) { bytes in
            var prefix: UInt64 = 0
            let n = min(bytes.count, 8)
            var i = 0
            while i < n {
                prefix |= UInt64(bytes[i]) << (56 &- 8 &* UInt64(i))
                i &+= 1
            }
            return prefix
        }
    }

    /// Byte-wise ordering of the UTF-8 encodings. Differs from `String.<` for
    /// strings that are not in NFC (a decomposed "e\u{301}" sorts before "f").
    static func utf8Precedes(_ a: String, _ b: String) -> Bool {
        withUTF8(of: a) { pa in
            withUTF8(of: b) { pb in
                let n = min(pa.count, pb.count)
                var i = 0
                while i < n {
                    let x = pa[i], y = pb[i]
                    if x != y { return x < y }
                    i &+= 1
                }
                return pa.count < pb.count
            }
        }
    }
}
