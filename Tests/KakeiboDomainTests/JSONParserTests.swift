import XCTest
@testable import KakeiboDomain
import KakeiboTestSupport

/// The parser is the gate for replayed ledger data: it must accept exactly
/// RFC 8259 minus floating point, and say precisely where anything else is.
final class JSONParserTests: XCTestCase {
    private func assertRejects(
        _ text: String, _ expected: JSONError, file: StaticString = #filePath, line: UInt = #line
    ) {
        assertRejects(Array(text.utf8), expected, file: file, line: line)
    }

    private func assertRejects(
        _ bytes: [UInt8], _ expected: JSONError, file: StaticString = #filePath, line: UInt = #line
    ) {
        do {
            let value = try JSONValue.parse(bytes)
            XCTFail("accepted \(value) from \(bytes)", file: file, line: line)
        } catch {
            XCTAssertEqual(error, expected, "input bytes \(bytes)", file: file, line: line)
        }
    }

    // MARK: - Accepting

    func testScalars() throws {
        XCTAssertEqual(try JSONValue.parse("null"), .null)
        XCTAssertEqual(try JSONValue.parse("true"), .bool(true))
        XCTAssertEqual(try JSONValue.parse("false"), .bool(false))
        XCTAssertEqual(try JSONValue.parse("0"), .int(0))
        XCTAssertEqual(try JSONValue.parse("-0"), .int(0))
        XCTAssertEqual(try JSONValue.parse("1250"), .int(1250))
        XCTAssertEqual(try JSONValue.parse("-42"), .int(-42))
        XCTAssertEqual(try JSONValue.parse(#""""#), .string(""))
        XCTAssertEqual(try JSONValue.parse(#""Corner Shop""#), .string("Corner Shop"))
    }

    func testInt64Limits() throws {
        XCTAssertEqual(try JSONValue.parse("9223372036854775807"), .int(Int64.max))
        XCTAssertEqual(try JSONValue.parse("-9223372036854775808"), .int(Int64.min))
        for n in [Int64.min, Int64.min + 1, -1, 0, 1, Int64.max - 1, Int64.max] {
            XCTAssertEqual(try JSONValue.parse(JSONValue.int(n).canonicalBytes()), .int(n))
        }
    }

    func testWhitespaceAndNesting() throws {
        let text = " \t\r\n{ \"b\" : [ 1 , { } , [ ] , \"x\" ] ,\n\"a\":null }\n "
        XCTAssertEqual(try JSONValue.parse(text), ["a": nil, "b": [1, [:], [], "x"]])
        XCTAssertEqual(try JSONValue.parse(text).canonicalString(), #"{"a":null,"b":[1,{},[],"x"]}"#)
    }

    func testEscapesDecode() throws {
        let text = #""\"\\\/\b\f\n\r\t\u00e9\u00E9\u0000\u001f\u007f\u4e2d\ud83d\ude00""#
        XCTAssertEqual(try JSONValue.parse(text), .string("\"\\/\u{8}\u{C}\n\r\té\u{E9}\u{0}\u{1F}\u{7F}中😀"))
    }

    func testEscapeAfterLongPlainPrefixKeepsPrefix() throws {
        let text = #""0123456789abcdefghij\nklmnopqrstuvwxyzé\u0041""#
        XCTAssertEqual(try JSONValue.parse(text), .string("0123456789abcdefghij\nklmnopqrstuvwxyzéA"))
    }

    func testRawUnicodeAndDeleteAccepted() throws {
        XCTAssertEqual(try JSONValue.parse("\"é中😀\u{10FFFF}\u{2028}\""), .string("é中😀\u{10FFFF}\u{2028}"))
        XCTAssertEqual(try JSONValue.parse([0x22, 0x7F, 0x22]), .string("\u{7F}"), "RFC 8259 allows raw DEL")
    }

    func testEntryPointsAgree() throws {
        let text = #"{"amount":1250,"payee":"Corner Shop"}"#
        let expected: JSONValue = ["amount": 1250, "payee": "Corner Shop"]
        XCTAssertEqual(try JSONValue.parse(text), expected)
        XCTAssertEqual(try JSONValue.parse(Array(text.utf8)), expected)
        XCTAssertEqual(try JSONValue(parsing: text.utf8), expected)
        XCTAssertEqual(try JSONValue(parsing: Array(("xx" + text).utf8).dropFirst(2)), expected)
        XCTAssertEqual(try JSONValue(parsing: Array(text.utf8).lazy.map { $0 }), expected, "non-contiguous input")
        XCTAssertEqual(try JSONValue(parsing: text.utf8.dropFirst(0)), expected)
    }

    func testErrorOffsetsAreRelativeToSliceStart() {
        XCTAssertThrowsError(try JSONValue(parsing: Array("xx[1,]".utf8).dropFirst(2))) { error in
            XCTAssertEqual(error as? JSONError, .unexpectedByte(offset: 3, found: UInt8(ascii: "]")))
        }
    }

    // MARK: - Rejecting

    func testEmptyAndTruncated() {
        for text in ["", "   ", "[", "[1", "[1,", "{", "{\"a\"", "{\"a\":", "{\"a\":1", "\"abc", "\"ab\\", "\"\\u12",
                     "tru", "fals", "nul", "-"] {
            assertRejects(text, .unexpectedEnd)
        }
    }

    func testTrailingData() {
        assertRejects("{} x", .trailingData(offset: 3))
        assertRejects("1 2", .trailingData(offset: 2))
        assertRejects("[]]", .trailingData(offset: 2))
        assertRejects("nullx", .trailingData(offset: 4))
        assertRejects("\"a\"\"b\"", .trailingData(offset: 3))
        assertRejects([0x31, 0x00], .trailingData(offset: 1))
    }

    func testUnexpectedBytes() {
        assertRejects("[1,]", .unexpectedByte(offset: 3, found: UInt8(ascii: "]")))
        assertRejects("[1 2]", .unexpectedByte(offset: 3, found: UInt8(ascii: "2")))
        assertRejects("{,}", .unexpectedByte(offset: 1, found: UInt8(ascii: ",")))
        assertRejects("{1:2}", .unexpectedByte(offset: 1, found: UInt8(ascii: "1")))
        assertRejects("{\"a\" 1}", .unexpectedByte(offset: 5, found: UInt8(ascii: "1")))
        assertRejects("{\"a\":1,}", .unexpectedByte(offset: 7, found: UInt8(ascii: "}")))
        assertRejects("{'a':1}", .unexpectedByte(offset: 1, found: UInt8(ascii: "'")))
        assertRejects("TRUE", .unexpectedByte(offset: 0, found: UInt8(ascii: "T")))
        assertRejects("nuLl", .unexpectedByte(offset: 2, found: UInt8(ascii: "L")))
        assertRejects("+1", .unexpectedByte(offset: 0, found: UInt8(ascii: "+")))
        assertRejects("-x", .unexpectedByte(offset: 1, found: UInt8(ascii: "x")))
        assertRejects("NaN", .unexpectedByte(offset: 0, found: UInt8(ascii: "N")))
        assertRejects([0xEF, 0xBB, 0xBF, 0x31], .unexpectedByte(offset: 0, found: 0xEF))  // BOM
        assertRejects([0x5B, 0x0B, 0x5D], .unexpectedByte(offset: 1, found: 0x0B))  // vertical tab is not whitespace
    }

    func testRawControlCharactersInStrings() {
        for byte in UInt8(0)..<0x20 {
            assertRejects([0x22, 0x61, byte, 0x22], .unexpectedByte(offset: 2, found: byte))
        }
        // Past the eight-byte fast scan, and after an escape (slow path).
        assertRejects(Array("\"0123456789abcdef\n\"".utf8), .unexpectedByte(offset: 17, found: 0x0A))
        assertRejects(Array("\"\\n\t\"".utf8), .unexpectedByte(offset: 3, found: 0x09))
    }

    func testFloatingPointRejected() {
        assertRejects("1.5", .unsupportedNumber(offset: 0))
        assertRejects("1e3", .unsupportedNumber(offset: 0))
        assertRejects("1E3", .unsupportedNumber(offset: 0))
        assertRejects("-2.0", .unsupportedNumber(offset: 0))
        assertRejects("0.1", .unsupportedNumber(offset: 0))
        assertRejects("[7, 0.25]", .unsupportedNumber(offset: 4))
        assertRejects(#"{"amount":12.50}"#, .unsupportedNumber(offset: 10))
        assertRejects(".5", .unsupportedNumber(offset: 0))
        assertRejects("-.5", .unsupportedNumber(offset: 0))
        assertRejects("99999999999999999999.5", .unsupportedNumber(offset: 0))
        let message = JSONError.unsupportedNumber(offset: 3).description
        XCTAssertTrue(message.contains("money") && message.contains("strings"), message)
    }

    func testLeadingZerosRejected() {
        assertRejects("01", .leadingZero(offset: 0))
        assertRejects("-01", .leadingZero(offset: 0))
        assertRejects("00", .leadingZero(offset: 0))
        assertRejects("[1,007]", .leadingZero(offset: 3))
    }

    func testIntegerOverflow() {
        assertRejects("9223372036854775808", .integerOverflow(offset: 0))
        assertRejects("-9223372036854775809", .integerOverflow(offset: 0))
        assertRejects("18446744073709551616", .integerOverflow(offset: 0))
        assertRejects("99999999999999999999999999", .integerOverflow(offset: 0))
        assertRejects("[1, 12345678901234567890]", .integerOverflow(offset: 4))
    }

    func testInvalidEscapes() {
        assertRejects(#""\x""#, .invalidEscape(offset: 1))
        assertRejects(#""\'""#, .invalidEscape(offset: 1))
        assertRejects(#""ab\U0041""#, .invalidEscape(offset: 3))
        assertRejects(#""\u12G4""#, .invalidEscape(offset: 1))
        assertRejects(#""\u-123""#, .invalidEscape(offset: 1))
        assertRejects(#""\u12""#, .invalidEscape(offset: 1))
        assertRejects("\"\\\u{1}\"", .invalidEscape(offset: 1))
    }

    func testUnpairedSurrogates() {
        assertRejects(#""\ud800""#, .unpairedSurrogate(offset: 1))
        assertRejects(#""\uDBFF\u0041""#, .unpairedSurrogate(offset: 1))
        assertRejects(#""\ud800x""#, .unpairedSurrogate(offset: 1))
        assertRejects(#""\ud800\ud800""#, .unpairedSurrogate(offset: 1))
        assertRejects(#""\udc00""#, .unpairedSurrogate(offset: 1))
        assertRejects(#""ok\ude00\ud83d""#, .unpairedSurrogate(offset: 3))
        assertRejects(#""\ud800\n""#, .unpairedSurrogate(offset: 1))
    }

    func testInvalidUTF8() {
        let cases: [(bytes: [UInt8], offset: Int)] = [
            ([0x22, 0xC3, 0x28, 0x22], 1),  // bad continuation
            ([0x22, 0xC0, 0xAF, 0x22], 1),  // overlong "/"
            ([0x22, 0xC1, 0xBF, 0x22], 1),  // overlong
            ([0x22, 0xE0, 0x80, 0xAF, 0x22], 1),  // overlong 3-byte
            ([0x22, 0xF0, 0x80, 0x80, 0xAF, 0x22], 1),  // overlong 4-byte
            ([0x22, 0xED, 0xA0, 0x80, 0x22], 1),  // UTF-8 encoded surrogate U+D800
            ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1),  // above U+10FFFF
            ([0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], 1),
            ([0x22, 0xFF, 0x22], 1),
            ([0x22, 0x80, 0x22], 1),  // lone continuation byte
            ([0x22, 0x61, 0xE2, 0x82, 0x22], 2),  // truncated by the closing quote
            ([0x22, 0xE2, 0x82], 1),  // truncated by the end of input
            (Array("\"0123456789abcdef".utf8) + [0xC3, 0x41, 0x22], 17),  // after the fast scan
            (Array("\"\\n".utf8) + [0xC3, 0x41, 0x22], 3),  // in the escape slow path
        ]
        for (bytes, offset) in cases {
            assertRejects(bytes, .invalidUTF8(offset: offset))
        }
    }

    func testDuplicateKeys() {
        assertRejects(#"{"a":1,"a":2}"#, .duplicateKey("a"))
        assertRejects(#"{"a":1,"b":{"c":1,"c":1}}"#, .duplicateKey("c"))
        assertRejects(#"{"a":1,"\u0061":2}"#, .duplicateKey("a"))
        XCTAssertEqual(try JSONValue.parse(#"{"a":{"a":1},"b":{"a":2}}"#), ["a": ["a": 1], "b": ["a": 2]])
    }

    /// Swift `String` keys are equal under canonical equivalence, so NFC and NFD
    /// spellings of one key collide: documented here, not a bug in canonical data.
    func testCanonicallyEquivalentKeysCountAsDuplicates() {
        assertRejects("{\"\u{E9}\":1,\"e\u{301}\":2}", .duplicateKey("e\u{301}"))
    }

    func testDepthLimit() throws {
        let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        XCTAssertNoThrow(try JSONValue.parse(ok))
        assertRejects(String(repeating: "[", count: 65) + String(repeating: "]", count: 65), .tooDeep)
        let objects = String(repeating: "{\"a\":", count: 65) + "1" + String(repeating: "}", count: 65)
        assertRejects(objects, .tooDeep)
        assertRejects(String(repeating: "[{\"a\":", count: 33) + "1" + String(repeating: "}]", count: 33), .tooDeep)
        // Depth counts nesting, not how many containers there are.
        let wide = "[" + Array(repeating: ok, count: 100).joined(separator: ",") + "]"
        assertRejects(wide, .tooDeep)
        let siblings = "[" + Array(repeating: String(repeating: "[", count: 63) + String(repeating: "]", count: 63), count: 100).joined(separator: ",") + "]"
        XCTAssertNoThrow(try JSONValue.parse(siblings))
        // Untrusted input far deeper than the limit must fail cleanly, not blow the stack.
        assertRejects(String(repeating: "[", count: 1_000_000), .tooDeep)
    }

    func testDescriptionsAreOneReadableLine() {
        let errors: [JSONError] = [
            .unexpectedByte(offset: 3, found: 0x5D), .unexpectedByte(offset: 0, found: 0x0A), .unexpectedEnd,
            .unsupportedNumber(offset: 1), .leadingZero(offset: 2), .integerOverflow(offset: 4),
            .invalidEscape(offset: 5), .unpairedSurrogate(offset: 6), .invalidUTF8(offset: 7),
            .duplicateKey("amount"), .tooDeep, .trailingData(offset: 8),
            .missingField("payee"), .wrongType(field: "amount", expected: "an integer"),
        ]
        for error in errors {
            XCTAssertFalse(error.description.isEmpty)
            XCTAssertFalse(error.description.contains("\n"), error.description)
        }
        XCTAssertEqual(JSONError.unexpectedByte(offset: 3, found: 0x5D).description, "unexpected byte 0x5d ']' at offset 3")
        XCTAssertEqual(JSONError.unexpectedByte(offset: 0, found: 0x0A).description, "unexpected byte 0x0a at offset 0")
    }

    // MARK: - Round trips

    func testRandomCorpusRoundTrips() throws {
        var rng = SplitMix64(seed: 0x4B41_4B45_4942_4F21)
        var nonTrivial = 0
        for i in 0..<5_000 {
            let value = Self.randomValue(&rng, depth: 0)
            let bytes = value.canonicalBytes()
            let parsed: JSONValue
            do {
                parsed = try JSONValue.parse(bytes)
            } catch {
                XCTFail("value \(i) failed to parse: \(error)\n\(value.canonicalString())")
                continue
            }
            XCTAssertEqual(parsed, value, "value \(i)")
            XCTAssertEqual(parsed.canonicalBytes(), bytes, "value \(i) is not byte-stable")
            XCTAssertEqual(try JSONValue.parse(value.prettyString()), value, "value \(i) pretty")
            if bytes.count > 64 { nonTrivial += 1 }
        }
        XCTAssertGreaterThan(nonTrivial, 1_000, "generator should produce substantial documents")
    }

    private static let scalarPool: [Unicode.Scalar] = {
        var pool: [Unicode.Scalar] = []
        pool += "abcxyzABCXYZ0189 _-/.:".unicodeScalars
        pool += ["\"", "\\", "\u{7F}", "\u{0}", "\u{8}", "\u{9}", "\u{A}", "\u{C}", "\u{D}", "\u{1F}", "\u{1B}"]
        pool += ["é", "ß", "ü", "中", "日", "€", "\u{301}", "\u{200D}", "\u{2028}", "\u{FEFF}", "\u{FFFD}", "\u{FFFF}"]
        pool += ["😀", "👩", "🏳", "\u{1F1EF}", "\u{1F1F5}", "\u{10000}", "\u{10FFFF}"]
        return pool
    }()

    private static func randomString(_ rng: inout SplitMix64) -> String {
        let length = rng.next(upTo: 4) == 0 ? rng.next(upTo: 60) : rng.next(upTo: 10)
        var s = ""
        for _ in 0..<length {
            // Mostly ASCII, like real payloads, so both scanner paths get exercised.
            if rng.next(upTo: 3) == 0 {
                s.unicodeScalars.append(scalarPool[rng.next(upTo: scalarPool.count)])
            } else {
                s.unicodeScalars.append(Unicode.Scalar(UInt8(0x20 + rng.next(upTo: 0x5F))))
            }
        }
        if rng.next(upTo: 10) == 0 { s += "👩‍👩‍👧" }
        return s
    }

    private static func randomInt(_ rng: inout SplitMix64) -> Int64 {
        switch rng.next(upTo: 6) {
        case 0: return [Int64.min, Int64.max, 0, -1, 1, Int64.min + 1][rng.next(upTo: 6)]
        case 1: return Int64(bitPattern: rng.next())
        case 2: return -Int64(rng.next(upTo: 1_000_000))
        default: return Int64(rng.next(upTo: 100_000))
        }
    }

    static func randomValue(_ rng: inout SplitMix64, depth: Int) -> JSONValue {
        let kinds = depth >= 6 ? 4 : 7
        switch rng.next(upTo: kinds) {
        case 0: return .null
        case 1: return .bool(rng.next(upTo: 2) == 0)
        case 2: return .int(randomInt(&rng))
        case 3: return .string(randomString(&rng))
        case 4:
            let count = rng.next(upTo: 6)
            return .array((0..<count).map { _ in randomValue(&rng, depth: depth + 1) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<rng.next(upTo: 8) {
                members[randomString(&rng)] = randomValue(&rng, depth: depth + 1)
            }
            return .object(members)
        }
    }
}
