import XCTest
@testable import KakeiboDomain

/// Hand-written event decoding relies on these accessors naming the bad field.
final class JSONValueAccessTests: XCTestCase {
    private let event: JSONValue = [
        "amount": 1250,
        "currency": "USD",
        "payee": "Corner Shop",
        "memo": nil,
        "cleared": true,
        "tags": ["food", "cash"],
        "split": ["category": "9a8b", "share": 50],
    ]

    private func assertThrows<T>(
        _ expression: @autoclosure () throws -> T, _ expected: JSONError,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertThrowsError(try expression(), file: file, line: line) { error in
            XCTAssertEqual(error as? JSONError, expected, file: file, line: line)
        }
    }

    func testRequiredFields() throws {
        XCTAssertEqual(try event.string("currency"), "USD")
        XCTAssertEqual(try event.int("amount"), 1250)
        XCTAssertEqual(try event.bool("cleared"), true)
        XCTAssertEqual(try event.array("tags"), ["food", "cash"])
        XCTAssertEqual(try event.object("split"), ["category": "9a8b", "share": 50])
        XCTAssertEqual(try event.object("split").int("share"), 50)
    }

    func testOptionalFields() throws {
        XCTAssertEqual(try event.optionalString("payee"), "Corner Shop")
        XCTAssertNil(try event.optionalString("memo"), "null means absent")
        XCTAssertNil(try event.optionalString("nope"))
        XCTAssertEqual(try event.optionalInt("amount"), 1250)
        XCTAssertNil(try event.optionalInt("memo"))
        XCTAssertNil(try event.optionalInt("nope"))
        assertThrows(try event.optionalString("amount"), .wrongType(field: "amount", expected: "a string"))
        assertThrows(try event.optionalInt("payee"), .wrongType(field: "payee", expected: "an integer"))
    }

    func testMissingFieldsAreNamed() {
        assertThrows(try event.string("txn"), .missingField("txn"))
        assertThrows(try event.int("total"), .missingField("total"))
        assertThrows(try event.bool("void"), .missingField("void"))
        assertThrows(try event.array("lines"), .missingField("lines"))
        assertThrows(try event.object("meta"), .missingField("meta"))
        XCTAssertEqual(JSONError.missingField("txn").description, #"missing field "txn""#)
    }

    func testWrongTypesAreNamed() {
        assertThrows(try event.string("amount"), .wrongType(field: "amount", expected: "a string"))
        assertThrows(try event.int("currency"), .wrongType(field: "currency", expected: "an integer"))
        assertThrows(try event.int("memo"), .wrongType(field: "memo", expected: "an integer"))
        assertThrows(try event.bool("amount"), .wrongType(field: "amount", expected: "a boolean"))
        assertThrows(try event.array("split"), .wrongType(field: "split", expected: "an array"))
        assertThrows(try event.object("tags"), .wrongType(field: "tags", expected: "an object"))
        assertThrows(try event.object("split").string("share"), .wrongType(field: "share", expected: "a string"))
        XCTAssertEqual(
            JSONError.wrongType(field: "amount", expected: "an integer").description,
            #"field "amount" is not an integer"#
        )
    }

    func testNonObjectReceiverHasNoFields() {
        let array: JSONValue = [1, 2]
        XCTAssertNil(array["amount"])
        XCTAssertNil(JSONValue.string("x")["amount"])
        assertThrows(try array.string("amount"), .missingField("amount"))
        XCTAssertNil(try array.optionalInt("amount"))
    }

    func testSubscriptAndValueViews() {
        XCTAssertEqual(event["amount"], .int(1250))
        XCTAssertEqual(event["memo"], .null)
        XCTAssertNil(event["nope"])
        XCTAssertEqual(event["currency"]?.stringValue, "USD")
        XCTAssertNil(event["amount"]?.stringValue)
        XCTAssertEqual(event["amount"]?.intValue, 1250)
        XCTAssertNil(event["currency"]?.intValue)
        XCTAssertEqual(event["cleared"]?.boolValue, true)
        XCTAssertEqual(event["tags"]?.arrayValue, ["food", "cash"])
        XCTAssertNil(event["split"]?.arrayValue)
        XCTAssertEqual(event["split"]?.objectValue?["share"], .int(50))
        XCTAssertNil(event["tags"]?.objectValue)
    }

    /// The intended use: parse stored bytes, pull typed fields, fail with the field's name.
    func testDecodingAnEventByHand() throws {
        let bytes = Array(#"{"amount":-1250,"currency":"USD","date":"2026-11-02","payee":"Corner Shop","txn":"1c2d"}"#.utf8)
        let value = try JSONValue.parse(bytes)
        XCTAssertEqual(try value.int("amount"), -1250)
        XCTAssertEqual(try value.string("date"), "2026-11-02")
        XCTAssertNil(try value.optionalString("memo"))
        XCTAssertThrowsError(try value.string("category")) { error in
            XCTAssertTrue(String(describing: error).contains("category"))
        }
    }
}
