import KakeiboDomain
import KakeiboEventStore
import KakeiboLedger
import XCTest

final class WidgetSnapshotTests: LedgerTestCase {
    func testDocumentsCarryTheirHashPositionAndAsOfAndSurviveReplay() throws {
        try ledger.record(.setBudget(.init(category: "groceries", amount: "300", from: try LocalDate(iso: "2026-11-01"))))
        try ledger.record(.setIncomeGoal(.init(amount: "1000", length: .weekly, from: try LocalDate(iso: "2026-11-01"))))
        try expense("20", date: "2026-11-20")
        try expense("99", date: "2026-11-22")
        let asOf = try LocalDate(iso: "2026-11-21")
        let documents = try ledger.widgetSnapshots(asOf: asOf)
        XCTAssertEqual(documents.map(\.fileName), ["income.json", "budgets.json", "expenses.json", "transfers.json",
                                                   "accounts.json", "forecast.json", "trend.json", "index.json"])
        let head = try ledger.head().position
        for document in documents {
            let parsed = try JSONValue.parse(document.fileContents)
            XCTAssertEqual(parsed, document.json, document.fileName)
            XCTAssertEqual(parsed["logPosition"], .int(head), document.fileName)
            XCTAssertEqual(parsed["asOf"], "2026-11-21", document.fileName)
            XCTAssertEqual(parsed["schemaVersion"], 1, document.fileName)
            var body = parsed.objectValue!
            body["contentHash"] = nil
            XCTAssertEqual(document.contentHash, sha256Hex(JSONValue.object(body).canonicalBytes()),
                           document.fileName)
            XCTAssertTrue(document.fileContents.hasSuffix("}\n"))
        }
        XCTAssertEqual(documents[2].json["total"], "20.00", "the expense dated after the as-of date is not in the snapshot")
        XCTAssertEqual(documents[4].json["accounts"], [["account": "assets:checking", "type": "asset", "amount": "-20.00", "currency": "USD"]])
        XCTAssertEqual(documents[4].json["netWorth"]?.arrayValue?.first?["amount"], "-20.00")
        XCTAssertEqual(try ledger.widgetSnapshots(asOf: asOf), documents)
        try ledger.replay()
        XCTAssertEqual(try ledger.widgetSnapshots(asOf: asOf).map(\.fileContents), documents.map(\.fileContents))
        XCTAssertEqual(try ledger.widgetSnapshots().first?.json["asOf"], "2026-11-21", "today in Asia/Tokyo by the injected clock")
    }
}
