import Foundation
import KakeiboDomain
import XCTest

/// Each published JSON Schema (Schemas/widgets) agrees with its type: a fully populated sample of the
/// type, encoded, validates against the schema (names, types, required keys, no extra keys), and
/// produces every property the schema describes. A renamed field or a schema edit without the type fails here.
final class WidgetSchemaTests: XCTestCase {
    static let schemas = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Schemas/widgets")

    func schemaKinds() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: Self.schemas.path).filter { $0.hasSuffix(".schema.json") }
            .map { String($0.dropLast(".schema.json".count)) }.sorted()
    }

    func schema(_ kind: String) throws -> JSONSchemaCheck {
        JSONSchemaCheck(root: try JSONValue.parse(String(contentsOf: Self.schemas.appendingPathComponent("\(kind).schema.json"), encoding: .utf8)))
    }

    func testEverySchemaHasATypeWithASample() throws {
        let kinds = try schemaKinds()
        XCTAssertGreaterThanOrEqual(kinds.count, 8, "\(kinds)")
        for kind in kinds {
            XCTAssertNotNil(WidgetSamples.codecs[kind], "Schemas/widgets/\(kind).schema.json has no type: add its sample to WidgetSamples")
        }
        for kind in WidgetSamples.codecs.keys {
            XCTAssert(kinds.contains(kind), "\(kind) has a type but no published schema")
        }
    }

    func testEachSampleValidatesAgainstItsSchemaAndProducesEveryProperty() throws {
        for (kind, codec) in WidgetSamples.codecs.sorted(by: { $0.key < $1.key }) {
            let schema = try schema(kind), sample = try codec.sample()
            XCTAssertEqual(schema.problems(sample), [], "\(kind): the type writes what the schema does not allow")
            XCTAssertEqual(schema.unproduced(sample), [], "\(kind): the schema describes properties the type never writes")
            // And the sample survives the trip through its type.
            XCTAssertEqual(try codec.roundTrip(sample), sample, kind)
        }
    }

    /// The checker itself: a sample with a renamed key, a wrong type or a missing key is refused.
    func testTheCheckRefusesARenamedKeyAWrongTypeAndAMissingKey() throws {
        let schema = try schema("transfers")
        guard case .object(var good) = try WidgetSamples.codecs["transfers"]!.sample(), case .object(var month) = good["month"] else {
            return XCTFail("transfers sample is an object with a month")
        }
        month["count"] = "2"
        good["month"] = .object(month)
        XCTAssertEqual(schema.problems(.object(good)).count, 1, "count as a string")
        month["count"] = 2
        month["totl"] = month.removeValue(forKey: "total")
        good["month"] = .object(month)
        XCTAssertEqual(Set(schema.problems(.object(good))), ["/month: required total is missing", "/month: totl is not in the schema"])
        XCTAssertEqual(schema.unproduced(.object(good)), ["/month/total"])
    }
}
