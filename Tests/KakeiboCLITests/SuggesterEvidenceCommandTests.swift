import Foundation
import XCTest

/// Issue 29, N5: the suggester was certain after one observation, took company forms for evidence and learned from
/// its own auto-filings, so one AEON receipt sent every "… SDN BHD" shop to groceries "at 100.00 %".
final class SuggesterEvidenceCommandTests: KakeiboCLITestCase {
    func testItsOwnFilingsAndCompanyFormsTeachNothing() throws {
        try ok("init", "--currency", "MYR")
        try ok("account", "open", "assets:wallet")
        try ok("category", "add", "groceries")
        try ok("category", "add", "dining")
        let aeon = try kakeibo("expense", "98.35", "--from", "assets:wallet", "--payee", "AEON CO. (M) BHD")
        XCTAssertEqual(aeon.err, "filed under expenses:groceries, suggested at 65.00% confidence; `kakeibo edit ID --category …` corrects it",
                       "the built-in lexicon knows AEON")
        let uroko = try kakeibo("expense", "87.10", "--from", "assets:wallet", "--payee", "UROKO JAPANESE CUISINE SDN BHD")
        XCTAssertTrue(uroko.err.hasSuffix("filed under expenses:unknown"), "AEON's filing was the suggester's, not the user's:\n\(uroko)")
        XCTAssertEqual(try ok("suggest", "--payee", "ANY TYRE SERVICE SDN BHD", "--amount", "400").out,
                       "no suggestion: nothing learned yet: categorise a few expenses first", "its own filing taught nothing")

        // The user's own choice teaches; one sighting is worth 50 %, so nothing is filed on it alone.
        try ok("edit", uroko.out, "--category", "dining", "--reason", "a restaurant")
        let once = try ok("suggest", "--payee", "Uroko Japanese Cuisine", "--format", "json").jsonObject()
        XCTAssertEqual(once["abstained"] as? Bool, true, "\(once)")
        XCTAssertEqual(once["confidenceBasisPoints"] as? Int, 5_000, "\(once)")
        try record("expense", "60", "--from", "assets:wallet", "--category", "dining", "--payee", "UROKO JAPANESE CUISINE SDN BHD")
        XCTAssertEqual(try ok("suggest", "--payee", "UROKO SDN BHD").out, "expenses:dining  66.67%  evidence: uroko")
        XCTAssertEqual(try ok("verify").exitCode, 0)
        XCTAssertEqual(try kakeibo("replay", "--check").exitCode, 0, "the fold and a rebuild learn the same")
    }

    /// Found by the command-line fuzzer: a payee in decomposed form (`Cafe` + U+0301) and one composed were one key in
    /// the fold's cache (Swift compares canonically) and two rows in a rebuild (SQLite compares bytes), so `verify` said
    /// the suggestion counts differed from a replay.
    func testComposedAndDecomposedPayeesTeachTheSameWord() throws {
        let scenario = try standardLedger()
        try ok("category", "add", "food")
        try record("edit", scenario.expense, "--payee", "Cafe\u{0301}", "--category", "food")
        try record("expense", "12.50", "--from", "assets:checking", "--category", "food", "--payee", "Caf\u{00E9}")
        let verified = try kakeibo("verify")
        XCTAssertEqual(verified.exitCode, 0, verified.err)
        XCTAssertEqual(try ok("suggest", "--payee", "CAFE\u{0301}").out, "expenses:food  66.67%  evidence: café")
    }

    func testOneObservationOfAGenericWordNeverReachesTheThreshold() throws {
        try initialisedLedger()
        try record("expense", "40", "--from", "assets:checking", "--category", "groceries", "--payee", "Acme Trading Ltd")
        XCTAssertEqual(try ok("suggest", "--payee", "Quux Trading").out, "no suggestion: no payee word has been seen before",
                       "trading and ltd say only that it is a business")
        let acme = try ok("suggest", "--payee", "ACME", "--format", "json").jsonObject()
        XCTAssertEqual(acme["confidenceBasisPoints"] as? Int, 5_000, "one sighting: 50 %, never 90 % (\(acme))")
    }
}
