import Foundation
import XCTest

/// `widgets export` on a multi-commodity ledger: a declared commodity (BTC) no longer stops the
/// export (N3), and foreign spending counts on the Spending page as it does on the Budgets page (B22).
final class WidgetForeignCommandTests: KakeiboCLITestCase {
    static let journals = WidgetCommandTests.repository.appendingPathComponent("Fixtures/journals")

    private func importJournal(_ name: String) throws {
        try ok("init", "--currency", "USD")
        let result = try sandbox.run(["import", "journal", Self.journals.appendingPathComponent(name).path])
        XCTAssertEqual(result.exitCode, 0, "\(result)")
    }

    private func export(_ directory: String, _ extra: String...) throws -> [String: [String: Any]] {
        let result = try sandbox.run(["widgets", "export", "--out", sandbox.path(directory), "--html"] + extra)
        XCTAssertEqual(result.exitCode, 0, "\(result)")
        XCTAssertEqual(result.stderr, "", "\(result)")
        var documents: [String: [String: Any]] = [:]
        for file in WidgetCommandTests.files {
            let data = try Data(contentsOf: URL(fileURLWithPath: sandbox.path(directory)).appendingPathComponent(file))
            documents[file] = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any], file)
        }
        for page in ["index", "budgets", "spending", "income", "accounts", "forecast", "transfers"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: sandbox.path("\(directory)/\(page).html")), page)
        }
        return documents
    }

    private func validate(_ directory: String) throws {
        let python = try Python.locate()
        let result = try Python.run(python, [WidgetCommandTests.repository.appendingPathComponent("Schemas/validate_widgets.py").path,
                                             WidgetCommandTests.repository.appendingPathComponent("Schemas/widgets").path,
                                             sandbox.path(directory)])
        XCTAssertNotEqual(result.status, 3, "python3 has no jsonschema; run `make test` or `pip install jsonschema`: \(result.output)")
        XCTAssertEqual(result.status, 0, "schema validation failed:\n\(result.output)")
    }

    /// N3: the README's own example (BTC at 8 decimals) exports every document and page, and they validate.
    func testADeclaredCommodityDoesNotStopTheExport() throws {
        try importJournal("travel.journal")
        try ok("commodity", "declare", "VTIAX", "--precision", "3")
        try ok("account", "open", "assets:broker", "--currency", "VTIAX")
        try record("transfer", "180.00", "--from", "assets:checking", "--to", "assets:broker", "--rate", "0.00833333333",
                   "--date", "2026-01-20", "--memo", "fund")
        try ok("account", "open", "assets:wallet", "--currency", "BTC")
        try record("transfer", "0.005", "BTC", "--from", "assets:crypto", "--to", "assets:wallet", "--date", "2026-01-21")
        let documents = try export("w", "--as-of", "2026-01-31")
        try validate("w")
        let series = try XCTUnwrap(documents["trend.json"]?["series"] as? [[String: Any]])
        XCTAssertEqual(series.map { $0["currency"] as? String }, ["BTC", "EUR", "USD", "VTIAX"])
        let btc = try XCTUnwrap((series.first?["months"] as? [[String: Any]])?.last)
        XCTAssertEqual(btc["netWorth"] as? String, "0.01000000", "BTC keeps its 8 decimals")
        let recent = try XCTUnwrap(documents["transfers.json"]?["recent"] as? [[String: Any]])
        XCTAssertEqual(recent.first?["amount"] as? String, "0.00500000", "a transfer in BTC at its own 8 decimals")
        XCTAssertEqual(recent.first?["currency"] as? String, "BTC")
        let vtiax = try XCTUnwrap((series.last?["months"] as? [[String: Any]])?.last)
        XCTAssertEqual(vtiax["netWorth"] as? String, "1.500", "VTIAX keeps its 3 decimals")
    }

    /// B22: a trip month's spending in ¥, EUR and £ is in expenses.json and on the Spending page,
    /// counted exactly as budgets.json counts it (at cost, else at the P price of its date).
    func testForeignSpendingCountsOnTheSpendingPageAsOnTheBudgetsPage() throws {
        try importJournal("travel-trip.journal")
        for category in ["dining", "lodging", "transport", "fees"] {
            try ok("budget", "set", category, "300", "--from", "2026-01-01")
        }
        let documents = try export("w", "--as-of", "2026-02-28")
        try validate("w")
        let expenses = try XCTUnwrap(documents["expenses.json"])
        // dining: ¥1,980 at the 2026-01-01 ¥ price 0.0067 = 13.27, 30,20 EUR at 1.10 = 33.22, £8.40 at its cost 10.58.
        XCTAssertEqual(expenses["total"] as? String, "485.76")
        let categories = try XCTUnwrap(expenses["categories"] as? [[String: Any]])
        let spent = Dictionary(uniqueKeysWithValues: categories.map { ($0["account"] as! String, $0["amount"] as! String) })
        XCTAssertEqual(spent, ["expenses:lodging": "277.20", "expenses:transport": "148.49", "expenses:dining": "57.07",
                               "expenses:fees": "3.00"])
        let foreign = try XCTUnwrap(expenses["foreign"] as? [String: Any])
        XCTAssertEqual(foreign["counted"] as? String, "482.76")
        XCTAssertEqual((foreign["items"] as? [[String: Any]])?.map { $0["basis"] as? String },
                       ["cost", "estimated", "estimated", "estimated", "estimated", "cost"])

        let month = try XCTUnwrap(documents["budgets.json"]?["month"] as? [String: Any])
        XCTAssertEqual((month["total"] as? [String: Any])?["spent"] as? String, expenses["total"] as? String)
        for line in try XCTUnwrap(month["categories"] as? [[String: Any]]) {
            XCTAssertEqual(line["spent"] as? String, spent[line["account"] as! String], "\(line["account"] ?? "")")
        }

        let page = try String(contentsOfFile: sandbox.path("w/spending.html"), encoding: .utf8)
        XCTAssertTrue(page.contains("Spent <span class=\"big\"><span class=\"total num\">485.76</span><span class=\"cur\">USD</span>"), page)
        XCTAssertTrue(page.contains("data-account=\"expenses:lodging\""), "the yen hotel has its row")
        XCTAssertTrue(page.contains("<span class=\"foreign num\">482.76</span>"), page)
    }

    /// Foreign spending no price reaches is listed on its own, never added to the total.
    func testUnpricedForeignSpendingIsListedNotAdded() throws {
        try ok("init", "--currency", "USD")
        try ok("account", "open", "assets:cash:chf", "--currency", "CHF")
        try ok("category", "add", "dining")
        try ok("expense", "12.40", "CHF", "--from", "assets:cash:chf", "--category", "dining", "--date", "2026-11-03")
        try ok("expense", "5.00", "CHF", "--from", "assets:cash:chf", "--category", "dining", "--date", "2026-11-04")
        let expenses = try XCTUnwrap(try export("w", "--as-of", "2026-11-21")["expenses.json"])
        try validate("w")
        XCTAssertEqual(expenses["total"] as? String, "0.00", "no CHF price: nothing counted in USD")
        let unconverted = try XCTUnwrap((expenses["foreign"] as? [String: Any])?["unconverted"] as? [[String: Any]])
        XCTAssertEqual(unconverted.map { "\($0["amount"] ?? "") \($0["commodity"] ?? "") \($0["account"] ?? "")" },
                       ["17.40 CHF expenses:dining"])
        let page = try String(contentsOfFile: sandbox.path("w/spending.html"), encoding: .utf8)
        XCTAssertTrue(page.contains("Not counted (no USD price): <span class=\"amount num\">17.40</span><span class=\"cur\">CHF</span> in expenses:dining"),
                      page)
    }
}
