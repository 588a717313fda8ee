import Foundation
import KakeiboDashboard
import KakeiboDomain
import XCTest

/// The widget documents the golden tests render: the ledger golden export in
/// Fixtures/golden/plans/widgets (written by WidgetGoldenTests from a fixed household log), so the
/// pages are checked against documents the ledger really produces.
enum DashboardFixture {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let widgets = repository.appendingPathComponent("Fixtures/golden/plans/widgets")
    static let golden = repository.appendingPathComponent("Fixtures/golden/dashboard")
    static let hostile = "<img src=x onerror=alert(1)>"

    static func documents() throws -> [JSONValue] {
        let names = try FileManager.default.contentsOfDirectory(atPath: widgets.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertEqual(names.count, 8, "the golden export has eight documents: \(names)")
        return try names.map { name in
            try JSONValue.parse(String(contentsOf: widgets.appendingPathComponent(name), encoding: .utf8))
        }
    }

    static func renderer(_ documents: [JSONValue], exportedOn: String? = "2026-11-21") -> DashboardRenderer {
        DashboardRenderer(documents: DashboardDocuments(documents, exportedOn: exportedOn))
    }

    /// `document` with `transform` applied to the object at `path` (keys, or array indexes as strings).
    static func edit(_ document: JSONValue, _ path: [String], _ transform: (inout [String: JSONValue]) -> Void) -> JSONValue {
        guard let head = path.first else {
            guard case .object(var object) = document else { return document }
            transform(&object)
            return .object(object)
        }
        switch document {
        case .object(var object):
            object[head] = object[head].map { edit($0, Array(path.dropFirst()), transform) }
            return .object(object)
        case .array(var array):
            if let index = Int(head), array.indices.contains(index) { array[index] = edit(array[index], Array(path.dropFirst()), transform) }
            return .array(array)
        default:
            return document
        }
    }

    static func replacing(_ documents: [JSONValue], kind: String, _ change: (JSONValue) -> JSONValue) -> [JSONValue] {
        documents.map { $0["kind"]?.stringValue == kind ? change($0) : $0 }
    }
}
