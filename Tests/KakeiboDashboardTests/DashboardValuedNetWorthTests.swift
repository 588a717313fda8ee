import KakeiboDashboard
import KakeiboDomain
import XCTest

/// N21: accounts.json's `netWorthValued` is shown on the Accounts page, beside the per-currency cards.
final class DashboardValuedNetWorthTests: XCTestCase {
    func testTheValuedNetWorthIsShownWithWhatNoPriceReaches() throws {
        let documents = DashboardFixture.replacing(try DashboardFixture.documents(), kind: "accounts") {
            DashboardFixture.edit($0, []) { object in
                object["netWorthValued"] = ["commodity": "USD", "amount": "10915.31", "priceDate": "2026-02-01",
                                            "unconverted": [["currency": "BTC", "amount": "0.01000000"]]]
            }
        }
        let html = DashboardFixture.renderer(documents).render(.accounts)
        XCTAssertTrue(html.contains("data-testid=\"net-worth-valued\""), html)
        XCTAssertTrue(html.contains("<span class=\"amount num\">10915.31</span><span class=\"cur\">USD</span>"), html)
        XCTAssertTrue(html.contains("not included (no price): <span class=\"amount num\">0.01000000</span><span class=\"cur\">BTC</span>"), html)
        XCTAssertFalse(DashboardFixture.renderer(try DashboardFixture.documents()).render(.accounts).contains("net-worth-valued"))
    }
}
