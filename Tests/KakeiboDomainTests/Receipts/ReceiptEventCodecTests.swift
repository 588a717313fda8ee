import KakeiboDomain
import XCTest

/// ReceiptScanned's payload, and the receipt link on ExpenseCaptured that must not change older events' bytes.
final class ReceiptEventCodecTests: XCTestCase {
    static let sha = String(repeating: "ab", count: 32)

    static func scan() -> LedgerEvent.ReceiptScanned {
        .init(receiptID: "r-1", imageSHA256: sha, engine: .init(name: "tesseract", version: "5.3.0", language: "eng"),
              preprocessing: ["grayscale", "upscale 2.50x"],
              rows: [.init(index: 0, text: "CORNER SHOP SDN BHD", box: [120, 40, 7000, 310], confidenceBasisPoints: 9100),
                     .init(index: 7, text: "TOTAL (RM) 12.50", box: [100, 6000, 8000, 300], confidenceBasisPoints: 8400)],
              rowsOmitted: 3,
              fields: ["merchant": .init(value: .text("CORNER SHOP SDN BHD"), confidenceBasisPoints: 9300, rows: [0]),
                       "total": .init(value: .minorUnits(1250), confidenceBasisPoints: 8800, rows: [7])],
              warnings: ["no date found"])
    }

    func decode(_ type: String, _ payload: JSONValue) throws -> LedgerEvent {
        try LedgerEvent(type: type, schemaVersion: 1, payload: payload)
    }

    func testReceiptScannedRoundTripsThroughCanonicalBytes() throws {
        let event = LedgerEvent.receiptScanned(Self.scan())
        XCTAssertEqual(event.type, "ReceiptScanned")
        XCTAssertEqual(event.stream, "receipt-r-1", "each receipt has its own stream")
        XCTAssertNil(event.transactionID)
        let bytes = event.payload.canonicalBytes()
        let decoded = try decode(event.type, try JSONValue.parse(bytes))
        XCTAssertEqual(decoded, event)
        XCTAssertEqual(decoded.payload.canonicalBytes(), bytes)
        XCTAssertEqual(event.payload["fields"]?["total"]?["value"], .int(1250), "money stays integer minor units")
        XCTAssertEqual(event.payload["rows"]?.arrayValue?.first?["box"], [120, 40, 7000, 310])
        XCTAssertEqual(event.payload["rowsOmitted"], .int(3))
        var none = Self.scan()
        none.rowsOmitted = 0
        XCTAssertNil(LedgerEvent.receiptScanned(none).payload["rowsOmitted"], "zero is omitted")
    }

    /// The stored shape, written out by hand: a change here changes hashes of logs already kept.
    func testReceiptScannedPayloadBytesAreFrozen() {
        let expected = #"{"engine":{"language":"eng","name":"tesseract","version":"5.3.0"},"fields":{"merchant":{"confidence":9300,"rows":[0],"value":"CORNER SHOP SDN BHD"},"total":{"confidence":8800,"rows":[7],"value":1250}},"preprocessing":["grayscale","upscale 2.50x"],"receipt":"r-1","rows":[{"box":[120,40,7000,310],"confidence":9100,"index":0,"text":"CORNER SHOP SDN BHD"},{"box":[100,6000,8000,300],"confidence":8400,"index":7,"text":"TOTAL (RM) 12.50"}],"rowsOmitted":3,"sha256":"abababababababababababababababababababababababababababababababab","warnings":["no date found"]}"#
        XCTAssertEqual(String(decoding: LedgerEvent.receiptScanned(Self.scan()).payload.canonicalBytes(), as: UTF8.self), expected)
    }

    func testLineItemsAreStoredOnlyWhenPresentAndRoundTrip() throws {
        XCTAssertNil(LedgerEvent.receiptScanned(Self.scan()).payload["items"], "no items: no key, old bytes unchanged")
        var scan = Self.scan()
        scan.items = [.init(text: "TEH TARIK", quantity: 2, amountMinorUnits: 700, confidenceBasisPoints: 8700, rows: [4]),
                      .init(text: "MILO 1KG", quantity: nil, amountMinorUnits: 1590, confidenceBasisPoints: 9000, rows: [2, 3])]
        let event = LedgerEvent.receiptScanned(scan)
        let items = String(decoding: try XCTUnwrap(event.payload["items"]).canonicalBytes(), as: UTF8.self)
        XCTAssertEqual(items, #"[{"amount":700,"confidence":8700,"quantity":2,"rows":[4],"text":"TEH TARIK"},{"amount":1590,"confidence":9000,"rows":[2,3],"text":"MILO 1KG"}]"#,
                       "a missing quantity is omitted")
        let decoded = try decode(event.type, try JSONValue.parse(event.payload.canonicalBytes()))
        XCTAssertEqual(decoded, event)
    }

    func testAnExpenseWithoutAReceiptKeepsExactlyItsOldPayload() throws {
        let old: JSONValue = ["txn": "t-1", "date": "2026-11-02", "amount": 1250, "currency": "USD",
                              "from": "a-1", "to": "a-2", "payee": "Corner Shop", "memo": nil]
        let event = try decode("ExpenseCaptured", old)
        guard case .expenseCaptured(let moved) = event else { return XCTFail("\(event)") }
        XCTAssertNil(moved.receiptID)
        XCTAssertFalse(moved.needsReview)
        XCTAssertEqual(event.payload.canonicalBytes(), old.canonicalBytes(), "an old event re-encodes to the same bytes")
    }

    func testAnExpenseFromAReceiptCarriesTheLinkAndTheReviewFlag() throws {
        var moved = LedgerEvent.MoneyMoved(transactionID: "t-1", date: try LocalDate(iso: "2026-11-02"),
                                           amount: Money(minorUnits: 1250, currency: .usd), fromAccountID: "a-1",
                                           toAccountID: "a-2", payee: "Corner Shop", memo: nil)
        moved.receiptID = "r-1"
        moved.needsReview = true
        let payload = LedgerEvent.expenseCaptured(moved).payload
        XCTAssertEqual(payload["receipt"], "r-1")
        XCTAssertEqual(payload["needsReview"], true)
        XCTAssertEqual(try decode("ExpenseCaptured", payload), .expenseCaptured(moved))
        moved.needsReview = false
        XCTAssertNil(LedgerEvent.expenseCaptured(moved).payload["needsReview"], "false is omitted")
    }

    func testMalformedReceiptPayloadsAreRefusedWithALedgerError() throws {
        let good = LedgerEvent.receiptScanned(Self.scan()).payload
        guard case .object(let members) = good else { return XCTFail() }
        func with(_ key: String, _ value: JSONValue) -> JSONValue {
            var copy = members
            copy[key] = value
            return .object(copy)
        }
        let row: JSONValue = ["index": 0, "text": "x", "box": [1, 2, 3, 4], "confidence": 100]
        let bad: [(String, JSONValue)] = [
            ("short digest", with("sha256", "abc")),
            ("uppercase digest", with("sha256", .string(String(repeating: "AB", count: 32)))),
            ("box of three", with("rows", [["index": 0, "text": "x", "box": [1, 2, 3], "confidence": 100]])),
            ("box out of range", with("rows", [["index": 0, "text": "x", "box": [1, 2, 3, 10_001], "confidence": 100]])),
            ("confidence above 10000", with("rows", [["index": 0, "text": "x", "box": [1, 2, 3, 4], "confidence": 10_001]])),
            ("rows not an array", with("rows", row)),
            ("field value a boolean", with("fields", ["total": ["value": true, "confidence": 1, "rows": []]])),
            ("field citing text", with("fields", ["total": ["value": 1, "confidence": 1, "rows": ["a"]]])),
            ("warning not text", with("warnings", [1])),
            ("negative rows omitted", with("rowsOmitted", -1)),
            ("engine missing", .object(members.filter { $0.key != "engine" })),
            ("items not an array", with("items", ["text": "x"])),
            ("item without amount", with("items", [["text": "x", "confidence": 1, "rows": []]])),
            ("item amount as text", with("items", [["text": "x", "amount": "7.00", "confidence": 1, "rows": []]])),
            ("item confidence out of range", with("items", [["text": "x", "amount": 700, "confidence": 10_001, "rows": []]])),
            ("item citing text", with("items", [["text": "x", "amount": 700, "confidence": 1, "rows": ["a"]]])),
        ]
        for (name, payload) in bad {
            XCTAssertThrowsError(try decode("ReceiptScanned", payload), name) { error in
                guard case .malformedEvent(let type, _)? = error as? LedgerError else { return XCTFail("\(name): \(error)") }
                XCTAssertEqual(type, "ReceiptScanned", name)
            }
        }
        let expense: JSONValue = ["txn": "t-1", "date": "2026-11-02", "amount": 1250, "currency": "USD",
                                  "from": "a-1", "to": "a-2", "payee": nil, "memo": nil, "needsReview": "yes"]
        XCTAssertThrowsError(try decode("ExpenseCaptured", expense))
    }
}
