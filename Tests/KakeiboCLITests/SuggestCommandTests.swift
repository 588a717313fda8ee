import Foundation
import XCTest

final class SuggestCommandTests: KakeiboCLITestCase {
    func testSuggestPrintsTheCategoryAndItsEvidenceOrAbstains() throws {
        try initialisedLedger()
        try ok("category", "add", "fuel")
        for (payee, category) in [("SHELL 0423 KL", "fuel"), ("Shell 1187", "fuel"), ("Corner Shop", "groceries")] {
            try record("expense", "40", "--from", "assets:checking", "--category", category, "--payee", payee, "--date", "2026-11-02")
        }
        // Two sightings of "shell": 2/3 at most (`CategorySuggester.evidenceCap`), however one-sided the counts.
        XCTAssertEqual(try ok("suggest", "--payee", "POS SHELL 0423 KL").out, "expenses:fuel  66.67%  evidence: shell, kl")
        let json = try ok("suggest", "--payee", "shell", "--amount", "41", "--format", "json").jsonObject()
        XCTAssertEqual(json["category"] as? String, "expenses:fuel")
        XCTAssertEqual(json["abstained"] as? Bool, false)
        XCTAssertEqual(json["evidence"] as? [String], ["shell"])
        XCTAssertEqual(try ok("suggest", "--payee", "Nowhere 12").out, "no suggestion: no payee word has been seen before")
        XCTAssertTrue(try ok("suggest", "--payee", "shell", "--threshold", "100").out.hasPrefix("no suggestion: the best guess is below"))
        XCTAssertEqual(try ok("suggest", "--stats").out, """
            3 expenses replayed in recording order: suggested 0 (coverage 0.00%), 0 right (hit rate -) at a 60% threshold
            applied at capture and import: 0 of 0 uncategorised (coverage -); 0 accepted, 0 corrected within 30 days, 0 still in review (hit rate -)
            """, "one earlier Shell is not enough to suggest the second (50 %); the first and Corner Shop had nothing to go on")
        XCTAssertEqual(try kakeibo("suggest").exitCode, 64, "either --payee or --stats")
    }
}
