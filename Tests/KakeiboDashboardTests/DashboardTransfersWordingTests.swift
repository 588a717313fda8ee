import KakeiboDashboard
import KakeiboDomain
import XCTest

/// N21: one transfer is "1 transfer", not "1 transfers".
final class DashboardTransfersWordingTests: XCTestCase {
    func testOneTransferIsSingular() throws {
        func page(count: Int64) throws -> String {
            let documents = DashboardFixture.replacing(try DashboardFixture.documents(), kind: "transfers") {
                DashboardFixture.edit($0, ["month"]) { $0["count"] = .int(count) }
            }
            return DashboardFixture.renderer(documents).render(.transfers)
        }
        XCTAssertTrue(try page(count: 1).contains("<span class=\"count num\">1</span> transfer</p>"))
        XCTAssertTrue(try page(count: 2).contains("<span class=\"count num\">2</span> transfers</p>"))
    }
}
