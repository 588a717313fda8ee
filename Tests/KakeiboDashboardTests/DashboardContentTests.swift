import KakeiboDashboard
import KakeiboDomain
import XCTest

/// What the pages promise: figures are the JSON's strings, bars carry text, hostile names stay
/// text, nothing loads from elsewhere, stale data says so, currencies stay apart.
final class DashboardContentTests: XCTestCase {
    func page(_ page: DashboardPage, _ documents: [JSONValue], exportedOn: String? = "2026-11-21") -> String {
        DashboardFixture.renderer(documents, exportedOn: exportedOn).render(page)
    }

    func testAHostileCategoryNamePayeeAndNoteAreEscapedEverywhere() throws {
        let hostile = DashboardFixture.hostile
        var documents = try DashboardFixture.documents()
        for (kind, path) in [("budgets", ["month", "categories", "0"]), ("budgets", ["week", "categories", "0"]),
                             ("expenses", ["categories", "0"]), ("forecast", ["forecasts", "0"])] {
            documents = DashboardFixture.replacing(documents, kind: kind) { DashboardFixture.edit($0, path) { $0["name"] = .string(hostile) } }
        }
        documents = DashboardFixture.replacing(documents, kind: "transfers") {
            DashboardFixture.edit($0, ["recent", "0"]) { $0["note"] = .string(hostile); $0["from"] = .string("\"><script>alert(2)</script>") }
        }
        documents = DashboardFixture.replacing(documents, kind: "budgets") {
            DashboardFixture.edit($0, ["month", "categories", "1"]) { $0["account"] = .string("expenses:\"' onmouseover=alert(3) x=\"") }
        }
        documents = DashboardFixture.replacing(documents, kind: "trend") {
            DashboardFixture.edit($0, ["series", "0"]) { $0["currency"] = "\"><svg onload=alert(4)>" }
        }
        let renderer = DashboardFixture.renderer(documents)
        var shown = 0
        for page in DashboardPage.allCases {
            let html = renderer.render(page)
            XCTAssertFalse(html.contains("<img"), "\(page): an <img> tag came through")
            XCTAssertFalse(html.contains("<script"), "\(page): a <script> tag came through")
            XCTAssertFalse(html.contains("<svg onload"), "\(page): markup in a currency code came through")
            XCTAssertFalse(html.contains("\" onmouseover"), "\(page): an attribute value broke out of its quotes")
            shown += html.components(separatedBy: "&lt;img src=x onerror=alert(1)&gt;").count - 1
        }
        XCTAssertGreaterThanOrEqual(shown, 5, "the name is shown as text on budgets, spending, forecast, transfers and the overview")
    }

    func testBudgetRowsHoldTheJSONStringsAndBarsTheirRatio() throws {
        let documents = try DashboardFixture.documents()
        let budgets = try XCTUnwrap(documents.first { $0["kind"] == "budgets" })
        let html = page(.budgets, documents)
        for key in ["month", "week"] {
            for category in budgets[key]?["categories"]?.arrayValue ?? [] {
                let account = try XCTUnwrap(category["account"]?.stringValue)
                let row = try XCTUnwrap(Self.element(in: html, after: "data-account=\"\(account)\" data-band=\"\(category["band"]?.intValue ?? -1)\" data-period=\"\(key)\""),
                                        "\(key) \(account) has a row")
                for (field, className) in [("budgeted", "budgeted"), ("spent", "spent"), ("available", "available"), ("carriedIn", "carried")] {
                    XCTAssertTrue(row.contains("<span class=\"\(className) num\">\(category[field]?.stringValue ?? "?")</span>"), "\(account) \(field)")
                }
                let basisPoints = category["spendRatioBasisPoints"]?.intValue ?? 0
                let width = min(max(basisPoints, 0), 10_000)
                XCTAssertTrue(row.contains("style=\"width:\(width / 100).\(String(format2: width % 100))%\""), "\(account): bar width from \(basisPoints) bp")
                if category["available"]?.stringValue?.hasPrefix("-") == true {
                    XCTAssertTrue(row.contains("over by \(category["available"]!.stringValue!.dropFirst())"), "\(account) says over by")
                    XCTAssertTrue(row.contains(" over\""), "\(account) has class over")
                } else {
                    XCTAssertFalse(row.contains("over by"))
                }
            }
        }
    }

    func testAnEmptyLedgerSaysNoBudgetsYet() throws {
        let documents = DashboardFixture.replacing(try DashboardFixture.documents(), kind: "budgets") { document in
            ["month", "week"].reduce(document) { document, key in DashboardFixture.edit(document, [key]) { $0["categories"] = [] } }
        }
        XCTAssertTrue(page(.budgets, documents).contains("no budgets yet"))
        XCTAssertTrue(page(.overview, documents).contains("no budgets yet"))
        XCTAssertFalse(page(.budgets, documents).contains("data-testid=\"budget-row\""))
    }

    func testAPeriodWithoutBudgetsIsNotALedgerWithoutBudgets() throws {
        let documents = DashboardFixture.replacing(try DashboardFixture.documents(), kind: "budgets") { document in
            DashboardFixture.edit(document, ["week"]) { $0["categories"] = [] }
        }
        let html = page(.budgets, documents)
        XCTAssertFalse(html.contains("no budgets yet"), "the month has budgets")
        XCTAssertTrue(html.contains("No weekly budgets."))
        XCTAssertTrue(html.contains("data-testid=\"budget-row\""))
    }

    func testStaleDataIsMarked() throws {
        let documents = try DashboardFixture.documents()
        for page in DashboardPage.allCases {
            XCTAssertFalse(self.page(page, documents).contains("data-testid=\"stale\""), "\(page) is fresh on its as-of day")
            XCTAssertTrue(self.page(page, documents, exportedOn: "2026-12-01").contains("data-testid=\"stale\""), "\(page) is stale ten days later")
            XCTAssertTrue(self.page(page, documents).contains("data-testid=\"log-position\">38<"), "\(page) shows the log position")
        }
        let live = DashboardRenderer(documents: DashboardDocuments(documents, exportedOn: nil, headPosition: 39))
        XCTAssertTrue(live.render(.budgets).contains("moved on to log position 39"), "served live behind the head: stale")
        XCTAssertFalse(DashboardRenderer(documents: DashboardDocuments(documents, exportedOn: nil, headPosition: 38)).render(.budgets)
            .contains("data-testid=\"stale\""))
        let mixed = DashboardFixture.replacing(documents, kind: "budgets") { DashboardFixture.edit($0, []) { $0["logPosition"] = 37 } }
        XCTAssertTrue(page(.budgets, mixed, exportedOn: nil).contains("differs from the index"), "a document from another export is stale")
        XCTAssertFalse(page(.spending, mixed, exportedOn: nil).contains("data-testid=\"stale\""))
    }

    func testPagesAreSelfContainedAndScriptFree() throws {
        for page in DashboardPage.allCases {
            let html = self.page(page, try DashboardFixture.documents())
            for forbidden in ["<script", "http://", "https://", "src=", "@import", "url(", "<link", "<form", "onclick", "onload"] {
                XCTAssertFalse(html.contains(forbidden), "\(page) contains \(forbidden)")
            }
            XCTAssertTrue(html.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
        }
    }

    func testChartsHaveATitleAndATable() throws {
        let documents = try DashboardFixture.documents()
        for page in DashboardPage.allCases {
            let html = self.page(page, documents)
            let charts = html.components(separatedBy: "<svg ").count - 1
            XCTAssertEqual(html.components(separatedBy: "<title id=").count - 1, charts, "\(page): every chart has a <title>")
            XCTAssertEqual(html.components(separatedBy: "<summary>Table</summary>").count - 1, charts, "\(page): every chart has a table")
        }
        XCTAssertGreaterThan(page(.overview, documents).components(separatedBy: "<svg ").count, 1, "the overview has the trend chart")
    }

    func testNetWorthIsOneFigurePerCurrencyNeverASum() throws {
        let documents = DashboardFixture.replacing(try DashboardFixture.documents(), kind: "accounts") { document in
            DashboardFixture.edit(document, []) {
                $0["netWorth"] = [["currency": "EUR", "assets": "500.00", "liabilities": "0.00", "amount": "500.00"],
                                  ["currency": "USD", "assets": "100.00", "liabilities": "-20.00", "amount": "80.00"]]
            }
        }
        let html = page(.accounts, documents)
        XCTAssertTrue(html.contains("data-testid=\"net-worth\" data-currency=\"EUR\""))
        XCTAssertTrue(html.contains("data-testid=\"net-worth\" data-currency=\"USD\""))
        XCTAssertFalse(html.contains("580.00"), "no cross-currency total")
        XCTAssertTrue(html.contains("not added together"))
    }

    /// The line holding `marker`: the renderer writes one row per line.
    static func element(in html: String, after marker: String) -> String? {
        html.split(separator: "\n").first { $0.contains(marker) }.map(String.init)
    }
}

extension String {
    /// Two digits, zero-padded: the test's own formatting of a bar width, independent of the renderer's.
    init(format2 value: Int64) { self = value < 10 ? "0\(value)" : "\(value)" }
}
