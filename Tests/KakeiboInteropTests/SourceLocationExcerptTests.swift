import Foundation
import KakeiboDomain
@testable import KakeiboInterop
import XCTest

/// A parsed journal keeps no line text (it was ~20 MB of a 100k-transaction import), so an error
/// about a posting found after reading shows its line read back from the file.
final class SourceLocationExcerptTests: XCTestCase {
    func testAParsedPostingKeepsNoTextAndItsErrorStillShowsTheLine() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("excerpt-\(UUID().uuidString).journal").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("2026-11-01 Coffee\n    expenses:coffee  4.50 EUR\n    assets:cash\r\n".utf8).write(to: URL(fileURLWithPath: path))
        let journal = try JournalReader.read(path: path)
        let posting = journal.transactions[0].postings[0]
        XCTAssertEqual(posting.location.text, "", "not kept in memory")
        XCTAssertEqual(posting.location.excerpt, "    expenses:coffee  4.50 EUR")
        XCTAssertEqual(journal.transactions[0].postings[1].location.excerpt, "    assets:cash", "without the CR")
        let error = ImportError.currencyMismatch(posting.location, account: "expenses:coffee", accountCurrency: "USD", found: "EUR")
        XCTAssertTrue(error.report.contains("2 |     expenses:coffee  4.50 EUR"), error.report)
        XCTAssertTrue(error.report.contains("^"), error.report)
    }

    func testALocationWithNoFileAndNoTextHasNoExcerpt() {
        XCTAssertEqual(SourceLocation(file: "/nonexistent/x.journal", line: 3).excerpt, "")
    }
}
