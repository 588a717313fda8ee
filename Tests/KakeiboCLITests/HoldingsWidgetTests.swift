import Foundation
import XCTest

/// The holdings widget (issue 36): a ledger that holds lots exports `holdings.json` beside the
/// eight documents, listed by the index and valid against Schemas/widgets/holdings.schema.json;
/// its figures are `holdings --value` in the base currency. A ledger without lots exports the
/// eight documents it always did (WidgetCommandTests).
final class HoldingsWidgetTests: KakeiboCLITestCase {
    func testALedgerWithLotsExportsItsHoldingsValuedInTheBaseCurrency() throws {
        try ok("init", "--currency", "USD")
        try ok("import", "journal", WidgetCommandTests.repository.appendingPathComponent("Fixtures/journals/brokerage.journal").path)
        let out = sandbox.path("widgets")
        try ok("widgets", "export", "--out", out, "--as-of", "2026-12-31")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out).sorted(),
                       (WidgetCommandTests.files + ["holdings.json"]).sorted())
        let widget = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/holdings.json")))
                                   as? [String: Any])
        let report = try ok("holdings", "--value", "USD", "--as-of", "2026-12-31", "--format", "json").jsonObject()
        let rows = try XCTUnwrap(report["holdings"] as? [[String: Any]])
        let holdings = try XCTUnwrap(widget["holdings"] as? [[String: Any]])
        XCTAssertEqual(holdings.count, 2)
        for (held, row) in zip(holdings, rows) {
            XCTAssertEqual(held["account"] as? String, row["account"] as? String)
            XCTAssertEqual(held["commodity"] as? String, row["commodity"] as? String)
            XCTAssertEqual(held["units"] as? String, row["units"] as? String)
            XCTAssertEqual(held["basis"] as? String, (row["basis"] as? [String: Any])?["amount"] as? String)
            XCTAssertEqual(held["marketValue"] as? String, (row["marketValue"] as? [String: Any])?["amount"] as? String)
            XCTAssertEqual(held["unrealisedGain"] as? String, (row["unrealisedGain"] as? [String: Any])?["amount"] as? String)
        }
        // 12 VTI at $255.00 and 4 VXUS at $58.00 (the 2026-06-30 prices) against their basis.
        XCTAssertEqual(holdings.map { "\($0["commodity"]!) \($0["units"]!) \($0["basis"]!) \($0["marketValue"]!) \($0["priceDate"]!)" },
                       ["VTI 12 2780.00 3060.00 2026-06-30", "VXUS 4 240.50 232.00 2026-06-30"])
        let totals = try XCTUnwrap(widget["totals"] as? [String: Any])
        XCTAssertEqual(totals["basis"] as? String, "3020.50")
        XCTAssertEqual(totals["marketValue"] as? String, "3292.00")
        XCTAssertEqual(totals["unrealisedGain"] as? String, "271.50")
        XCTAssertEqual(totals["unvalued"] as? Int, 0)
        let index = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/index.json")))
                                  as? [String: Any])
        XCTAssertTrue((index["documents"] as? [[String: Any]] ?? []).contains {
            $0["file"] as? String == "holdings.json" && $0["schema"] as? String == "widgets/holdings.schema.json"
                && $0["contentHash"] as? String == widget["contentHash"] as? String
        })

        let python = try Python.locate()
        let result = try Python.run(python, [WidgetCommandTests.repository.appendingPathComponent("Schemas/validate_widgets.py").path,
                                             WidgetCommandTests.repository.appendingPathComponent("Schemas/widgets").path, out])
        XCTAssertNotEqual(result.status, 3, "python3 has no jsonschema; run `make test` or `pip install jsonschema`: \(result.output)")
        XCTAssertEqual(result.status, 0, "schema validation failed:\n\(result.output)")
    }
}
