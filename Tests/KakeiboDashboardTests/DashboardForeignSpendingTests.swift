import KakeiboDashboard
import KakeiboDomain
import XCTest

/// B22: the Spending page says how much of its total was spent in other currencies (counted as the
/// Budgets page counts it) and lists what no price reaches, escaped, never added.
final class DashboardForeignSpendingTests: XCTestCase {
    func testForeignSpendingIsNamedAndUnconvertedSpendingListed() throws {
        let documents = DashboardFixture.replacing(try DashboardFixture.documents(), kind: "expenses") {
            DashboardFixture.edit($0, []) { object in
                object["foreign"] = ["counted": "482.76", "items": [],
                                     "unconverted": [["account": .string(DashboardFixture.hostile), "amount": "17.40", "commodity": "CHF"]]]
            }
        }
        let html = DashboardFixture.renderer(documents).render(.spending)
        XCTAssertTrue(html.contains("Includes <span class=\"foreign num\">482.76</span><span class=\"cur\">USD</span> spent in other currencies"),
                      html)
        XCTAssertTrue(html.contains("Not counted (no USD price): <span class=\"amount num\">17.40</span><span class=\"cur\">CHF</span> in &lt;img"),
                      html)
        XCTAssertFalse(html.contains("<img"))
        // A month in the base currency only: no note at all.
        XCTAssertFalse(DashboardFixture.renderer(try DashboardFixture.documents()).render(.spending).contains("foreign-spending"))
    }
}
