import Foundation
import KakeiboDomain
import XCTest

/// Every golden widget export (Fixtures/golden/plans/widgets, written by WidgetGoldenTests from a
/// fixed household log) decodes into its type and encodes back to the same bytes: the types say
/// everything the files say, in the same order and number formatting.
final class WidgetGoldenRoundTripTests: XCTestCase {
    static let widgets = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/golden/plans/widgets")

    func testEveryGoldenWidgetFileDecodesAndReEncodesByteIdentically() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.widgets.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 8, "the golden export: \(names)")
        for name in names {
            let text = try String(contentsOf: Self.widgets.appendingPathComponent(name), encoding: .utf8)
            let json = try JSONValue.parse(text)
            let kind = try XCTUnwrap(json["kind"]?.stringValue, name)
            let codec = try XCTUnwrap(WidgetSamples.codecs[kind], "\(name): no type for kind \(kind)")
            let again = try codec.roundTrip(json)
            XCTAssertEqual(again.prettyString() + "\n", text, "\(name) is not byte-identical after decoding into its type")
        }
    }

    func testADocumentMissingAFieldSaysWhichAndWhere() throws {
        let text = try String(contentsOf: Self.widgets.appendingPathComponent("budgets.json"), encoding: .utf8)
        guard case .object(var document) = try JSONValue.parse(text), case .object(var month) = document["month"] else {
            return XCTFail("budgets.json is an object with a month")
        }
        month["total"] = nil
        document["month"] = .object(month)
        XCTAssertThrowsError(try JSONValueDecoder().decode(WidgetFile<BudgetsWidget>.self, from: .object(document))) { error in
            guard case DecodingError.keyNotFound(let key, let context) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(key.stringValue, "total")
            XCTAssertEqual(context.codingPath.map(\.stringValue), ["month"])
        }
        XCTAssertThrowsError(try JSONValueDecoder().decode(WidgetFile<IncomeWidget>.self, from: try JSONValue.parse(text)),
                             "a budgets document is not an income document")
    }

    func testNilIsNullOmittedWhenNilIsLeftOutAndFloatsAreRefused() throws {
        var expenses = WidgetSamples.expenses
        expenses.foreign = nil
        expenses.categories[0].share = nil
        let json = try JSONValueEncoder().encode(expenses)
        XCTAssertNil(json["foreign"], "foreign is left out when there is none")
        XCTAssertEqual(json["categories"]?.arrayValue?.first?["share"], .null, "a nil optional is written as null")
        XCTAssertEqual(try JSONValueDecoder().decode(ExpensesWidget.self, from: json), expenses)

        struct Floating: Encodable { var x = 0.1 }
        XCTAssertThrowsError(try JSONValueEncoder().encode(Floating()))
        // The unkeyed and single-value containers share their primitive overloads (JSONValueSink): a float
        // in an array or written alone is refused too, and integers and strings there still encode.
        XCTAssertThrowsError(try JSONValueEncoder().encode([1.5, 2.5]))
        enum Rate: Float, Encodable { case half = 0.5 } // encoded through a single-value container
        XCTAssertThrowsError(try JSONValueEncoder().encode(Rate.half))
        XCTAssertEqual(try JSONValueEncoder().encode([Int8(1), 2]), .array([.int(1), .int(2)]))
        XCTAssertEqual(try JSONValueEncoder().encode(UInt16(7)), .int(7))
        XCTAssertEqual(try JSONValueEncoder().encode(["a", "b"]), .array([.string("a"), .string("b")]))
    }
}
