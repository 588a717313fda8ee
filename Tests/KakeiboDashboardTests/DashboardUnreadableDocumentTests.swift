import KakeiboDashboard
import KakeiboDomain
import XCTest

/// The dashboard reads typed documents: one that is not of its type (a field missing or of the wrong
/// type) is not drawn from guesses; its page names the file, the field and what is wrong, and the other pages are unaffected.
final class DashboardUnreadableDocumentTests: XCTestCase {
    func testADocumentWithAFieldOfTheWrongTypeIsNamedNotDrawn() throws {
        let documents = DashboardFixture.replacing(try DashboardFixture.documents(), kind: "transfers") {
            DashboardFixture.edit($0, ["month"]) { $0["count"] = "two" }
        }
        let renderer = DashboardFixture.renderer(documents)
        let html = renderer.render(.transfers)
        XCTAssert(html.contains("transfers.json could not be read: month.count: expected an integer"), html)
        XCTAssertFalse(html.contains("data-testid=\"transfer-row\""))
        XCTAssert(html.contains("<td>transfers.json</td><td colspan=\"3\">could not be read</td>"), "the footer says so too")
        // Other pages are drawn as before; only their footer (every document's row) differs.
        XCTAssertEqual(renderer.render(.budgets).components(separatedBy: "<footer>")[0],
                       DashboardFixture.renderer(try DashboardFixture.documents()).render(.budgets).components(separatedBy: "<footer>")[0])
    }

    func testADocumentMissingARequiredFieldIsNamed() throws {
        let documents = DashboardFixture.replacing(try DashboardFixture.documents(), kind: "budgets") {
            DashboardFixture.edit($0, ["week"]) { $0["total"] = nil }
        }
        XCTAssert(DashboardFixture.renderer(documents).render(.budgets).contains("budgets.json could not be read: week.total: missing"))
    }
}
