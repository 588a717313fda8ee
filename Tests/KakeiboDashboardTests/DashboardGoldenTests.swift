import Foundation
import KakeiboDashboard
import KakeiboDomain
import XCTest

/// Every page of the golden widget export, byte for byte (Fixtures/golden/dashboard/). The pages
/// depend only on the documents and the export date, so any difference is a change in what a
/// page says or how it looks. `KAKEIBO_UPDATE_GOLDEN=1 swift test --filter DashboardGolden`
/// rewrites the files; review the diff (and open them in a browser) before committing.
final class DashboardGoldenTests: XCTestCase {
    func testEveryPageMatchesItsGoldenFile() throws {
        let pages = DashboardFixture.renderer(try DashboardFixture.documents()).renderAll()
        XCTAssertEqual(pages.map(\.fileName), ["index.html", "budgets.html", "spending.html", "income.html", "accounts.html",
                                               "forecast.html", "transfers.html"])
        let update = ProcessInfo.processInfo.environment["KAKEIBO_UPDATE_GOLDEN"] == "1"
        for page in pages {
            let url = DashboardFixture.golden.appendingPathComponent(page.fileName)
            if update {
                try FileManager.default.createDirectory(at: DashboardFixture.golden, withIntermediateDirectories: true)
                try Data(page.html.utf8).write(to: url)
                continue
            }
            XCTAssertEqual(page.html, try String(contentsOf: url, encoding: .utf8), "\(page.fileName) differs from Fixtures/golden/dashboard")
        }
    }

    func testTheSameDocumentsGiveTheSameBytesWhateverTheirOrderOrFormatting() throws {
        let documents = try DashboardFixture.documents()
        let first = DashboardFixture.renderer(documents).renderAll().map(\.html)
        XCTAssertEqual(DashboardFixture.renderer(documents.reversed()).renderAll().map(\.html), first, "document order does not matter")
        let reparsed = try documents.map { try JSONValue.parse($0.canonicalString()) }
        XCTAssertEqual(DashboardFixture.renderer(reparsed).renderAll().map(\.html), first, "compact or pretty JSON, the same pages")
        XCTAssertEqual(DashboardFixture.renderer(documents).renderAll().map(\.html), first)
    }
}
