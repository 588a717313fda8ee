import XCTest
@testable import KakeiboDomain
import KakeiboTestSupport

/// Canonical bytes are hashed into the ledger, so these tests pin exact output.
final class JSONValueSerializationTests: XCTestCase {
    func testScalars() {
        XCTAssertEqual(JSONValue.null.canonicalString(), "null")
        XCTAssertEqual(JSONValue.bool(true).canonicalString(), "true")
        XCTAssertEqual(JSONValue.bool(false).canonicalString(), "false")
        XCTAssertEqual(JSONValue.int(0).canonicalString(), "0")
        XCTAssertEqual(JSONValue.int(7).canonicalString(), "7")
        XCTAssertEqual(JSONValue.int(-1).canonicalString(), "-1")
        XCTAssertEqual(JSONValue.int(1250).canonicalString(), "1250")
        XCTAssertEqual(JSONValue.int(-1_000_000).canonicalString(), "-1000000")
        XCTAssertEqual(JSONValue.int(Int64.max).canonicalString(), "9223372036854775807")
        XCTAssertEqual(JSONValue.int(Int64.min).canonicalString(), "-9223372036854775808")
        XCTAssertEqual(JSONValue.string("").canonicalString(), #""""#)
    }

    func testLiterals() {
        let value: JSONValue = ["a": [1, "two", true, nil], "b": [:], "c": []]
        XCTAssertEqual(value, .object([
            "a": .array([.int(1), .string("two"), .bool(true), .null]),
            "b": .object([:]),
            "c": .array([]),
        ]))
        XCTAssertEqual(value.canonicalString(), #"{"a":[1,"two",true,null],"b":{},"c":[]}"#)
    }

    func testEmptyContainers() {
        XCTAssertEqual(JSONValue.array([]).canonicalString(), "[]")
        XCTAssertEqual(JSONValue.object([:]).canonicalString(), "{}")
        XCTAssertEqual(JSONValue.array([[], [:], [[]]]).canonicalString(), "[[],{},[[]]]")
    }

    func testKeysSortedByUTF8Bytes() {
        let value: JSONValue = [
            "b": 1, "a": 2, "aa": 3, "Z": 4, "é": 5, "z": 6, "": 7, "A": 8, "_": 9, "0": 10,
        ]
        XCTAssertEqual(
            value.canonicalString(),
            #"{"":7,"0":10,"A":8,"Z":4,"_":9,"a":2,"aa":3,"b":1,"z":6,"é":5}"#
        )
    }

    func testNestedObjectsAreSortedAtEveryLevel() {
        let value: JSONValue = [
            "z": ["b": ["y": 1, "x": 2], "a": [["d": 1, "c": 2]]],
            "a": ["é": true, "e": false],
        ]
        XCTAssertEqual(
            value.canonicalString(),
            #"{"a":{"e":false,"é":true},"z":{"a":[{"c":2,"d":1}],"b":{"x":2,"y":1}}}"#
        )
    }

    /// `String.<` compares NFC-normalized scalars; canonical order must not.
    func testByteOrderIsNotStringOrder() {
        let decomposed = "e\u{301}"  // "é" as e + COMBINING ACUTE ACCENT: bytes 65 CC 81
        XCTAssertTrue("f" < decomposed, "precondition: Swift orders the decomposed é after f")
        let value: JSONValue = .object(["f": 1, decomposed: 2])
        XCTAssertEqual(value.canonicalBytes(), Array(#"{"e\#u{301}":2,"f":1}"#.utf8))
    }

    /// Not RFC 8785 (JCS), which sorts by UTF-16 code units: there U+1F600 (D83D …) sorts before U+FF61.
    func testByteOrderIsNotUTF16Order() {
        let value: JSONValue = ["😀": 1, "\u{FF61}": 2]
        XCTAssertEqual(value.canonicalString(), "{\"\u{FF61}\":2,\"😀\":1}")
    }

    func testSortingManyKeysMatchesReferenceByteOrder() {
        var rng = SplitMix64(seed: 7)
        var members: [String: JSONValue] = [:]
        let alphabet: [Unicode.Scalar] = ["a", "b", "A", "é", "😀", "\u{0}", "z", "\u{301}", "中"]
        while members.count < 200 {
            var key = ""
            for _ in 0..<rng.next(upTo: 12) { key.unicodeScalars.append(alphabet[rng.next(upTo: alphabet.count)]) }
            members[key] = .int(Int64(members.count))
        }
        let bytes = JSONValue.object(members).canonicalBytes()
        let expectedKeys = members.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        var expected = "{"
        for (i, key) in expectedKeys.enumerated() {
            if i > 0 { expected += "," }
            expected += JSONValue.string(key).canonicalString() + ":" + JSONValue.int(members[key]!.intValue!).canonicalString()
        }
        expected += "}"
        let expectedBytes = Array(expected.utf8)
        let firstDifference = zip(bytes, expectedBytes).enumerated().first { $0.element.0 != $0.element.1 }?.offset
        XCTAssertTrue(bytes == expectedBytes, "canonical output differs from reference order at byte \(firstDifference ?? min(bytes.count, expectedBytes.count))")
    }

    func testOutputDoesNotDependOnInsertionOrder() {
        let keys = ["txn", "amount", "currency", "date", "from", "category", "payee", "memo", "a", "aa"]
        var forward = [String: JSONValue]()
        for (i, key) in keys.enumerated() { forward[key] = .int(Int64(i)) }
        var backward = [String: JSONValue](minimumCapacity: 64)
        for (i, key) in keys.enumerated().reversed() { backward[key] = .int(Int64(i)) }
        XCTAssertEqual(JSONValue.object(forward).canonicalBytes(), JSONValue.object(backward).canonicalBytes())
    }

    func testEveryControlCharacterIsEscaped() {
        let short: [UInt8: String] = [0x08: #"\b"#, 0x09: #"\t"#, 0x0A: #"\n"#, 0x0C: #"\f"#, 0x0D: #"\r"#]
        let hex = Array("0123456789abcdef".utf8)
        for byte in Array(UInt8(0)..<0x20) + [0x7F] {
            let expected = short[byte]
                ?? #"\u00"# + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]], as: UTF8.self)
            let value = JSONValue.string(String(Unicode.Scalar(byte)))
            XCTAssertEqual(value.canonicalString(), "\"" + expected + "\"", "byte 0x\(String(byte, radix: 16))")
        }
    }

    func testQuoteAndBackslashEscapedSlashAndUnicodeRaw() {
        XCTAssertEqual(JSONValue.string(#"say "hi" \ bye"#).canonicalString(), #""say \"hi\" \\ bye""#)
        XCTAssertEqual(JSONValue.string("a/b").canonicalString(), #""a/b""#)
        let unicode = "é中😀👩‍👩‍👧\u{2028}\u{10FFFF}"
        XCTAssertEqual(JSONValue.string(unicode).canonicalBytes(), [0x22] + Array(unicode.utf8) + [0x22])
    }

    /// Escapes placed around the eight-byte boundaries of the fast scanner.
    func testEscapesInLongStrings() {
        for position in 0..<20 {
            var scalars = Array(repeating: Unicode.Scalar("x"), count: 20)
            scalars[position] = "\n"
            if position + 3 < 20 { scalars[position + 3] = "\"" }
            var s = ""
            s.unicodeScalars.append(contentsOf: scalars)
            let expected = "\"" + s.replacingAll("\n", with: #"\n"#).replacingAll("\"", with: #"\""#) + "\""
            XCTAssertEqual(JSONValue.string(s).canonicalString(), expected, "position \(position)")
        }
    }

    func testLargeOutputGrowsBuffer() {
        let controls = String(repeating: "\u{1}", count: 5_000)
        let big = JSONValue.array(Array(repeating: .string(controls), count: 3))
        let bytes = big.canonicalBytes()
        XCTAssertEqual(bytes.count, 2 + 2 + 3 * (2 + 6 * 5_000))
        XCTAssertEqual(try JSONValue.parse(bytes), big)
    }

    func testCanonicalStringMatchesBytes() {
        let value: JSONValue = ["k": "é\u{0}\u{7F}", "n": -5]
        XCTAssertEqual(Array(value.canonicalString().utf8), value.canonicalBytes())
    }

    func testPrettyStringExactText() {
        let value: JSONValue = [
            "payee": "Corner Shop",
            "amount": 1250,
            "tags": ["food", "cash"],
            "split": [:],
            "notes": [],
            "meta": ["b": nil, "a": true],
        ]
        let expected = """
            {
              "amount": 1250,
              "meta": {
                "a": true,
                "b": null
              },
              "notes": [],
              "payee": "Corner Shop",
              "split": {},
              "tags": [
                "food",
                "cash"
              ]
            }
            """
        XCTAssertEqual(value.prettyString(), expected)
        XCTAssertFalse(value.prettyString().hasSuffix("\n"))
        XCTAssertEqual(try JSONValue.parse(value.prettyString()), value)
    }

    func testPrettyStringIndentAndScalars() {
        XCTAssertEqual(JSONValue.array([1, [2]]).prettyString(indent: 4), "[\n    1,\n    [\n        2\n    ]\n]")
        XCTAssertEqual(JSONValue.array([1, 2]).prettyString(indent: 0), "[\n1,\n2\n]")
        XCTAssertEqual(JSONValue.string("a\tb").prettyString(), #""a\tb""#)
        XCTAssertEqual(JSONValue.int(Int64.min).prettyString(), "-9223372036854775808")
        XCTAssertEqual(JSONValue.object([:]).prettyString(), "{}")
    }
}

extension String {
    /// Foundation-free replace for test expectations.
    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for c in self { if c == target { out += replacement } else { out.append(c) } }
        return out
    }
}
