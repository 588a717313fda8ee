import KakeiboDomain
import KakeiboProjections
import XCTest

/// The built-in lexicon names only the ledger's own categories, speaks only when nothing learned
/// applies, and says so in its evidence and its (lower) confidence.
final class CategoryLexiconTests: XCTestCase {
    let categories = [
        CategoryLexicon.Category(accountID: "a-fuel", accountName: "expenses:car:fuel", displayName: "Fuel"),
        CategoryLexicon.Category(accountID: "a-food", accountName: "expenses:food", displayName: "Groceries"),
        CategoryLexicon.Category(accountID: "a-subs", accountName: "expenses:subscriptions", displayName: nil),
    ]
    let usd = { (cents: Int64) in Money(minorUnits: cents, currency: .usd) }

    func testKeywordsMapToTheLedgersCategoriesByLeafOrDisplayName() {
        XCTAssertEqual(CategoryLexicon.match(tokens: SuggestionFeatures.payeeTokens("SHELL 0423 KL"), categories: categories)?.accountID, "a-fuel")
        XCTAssertEqual(CategoryLexicon.match(tokens: SuggestionFeatures.payeeTokens("POS TESCO EXTRA #12"), categories: categories)?.accountID,
                       "a-food", "matched by the display name Groceries")
        XCTAssertEqual(CategoryLexicon.match(tokens: SuggestionFeatures.payeeTokens("NETFLIX.COM 866-579"), categories: categories)?.keyword,
                       "netflix")
        XCTAssertEqual(CategoryLexicon.match(tokens: SuggestionFeatures.payeeTokens("STARBUCKS #0042"), categories: categories)?.accountID,
                       "a-food", "no dining category here: the next name on the list, food, is one")
        XCTAssertNil(CategoryLexicon.match(tokens: SuggestionFeatures.payeeTokens("CVS PHARMACY 88"), categories: categories),
                     "no health category in this ledger: the lexicon invents none")
        XCTAssertNil(CategoryLexicon.match(tokens: ["corner", "shop"], categories: categories))
    }

    func testColdStartAnswersWithTheLexiconsConfidenceAndEvidence() {
        let suggester = CategorySuggester(counts: .init(examples: []), lexicon: categories)
        let suggestion = suggester.suggest(payee: "SQ *PETRONAS 88 PJ", amount: usd(4_000))
        XCTAssertEqual(suggestion.accountID, "a-fuel")
        XCTAssertEqual(suggestion.confidenceBasisPoints, CategoryLexicon.confidenceBasisPoints)
        XCTAssertEqual(suggestion.evidence, ["lexicon:petronas"])
        XCTAssertNil(CategorySuggester(counts: .init(examples: [])).suggest(payee: "PETRONAS", amount: nil).accountID,
                     "without the ledger's categories there is nothing to name")
        let strict = CategorySuggester(counts: .init(examples: []), threshold: 9_000, lexicon: categories).suggest(payee: "PETRONAS", amount: nil)
        XCTAssertNil(strict.accountID, "a stricter threshold than the lexicon's confidence abstains")
        XCTAssertEqual(strict.alternatives.first?.accountID, "a-fuel")
    }

    func testLearnedEvidenceOverridesTheLexicon() {
        // This household's "Shell" is the café at the station.
        let counts = CategorySuggester.Counts(examples: [("a-food", ["payee:shell", "payee:cafe"]), ("a-food", ["payee:shell"]),
                                                         ("a-subs", ["payee:netflix"])])
        let suggester = CategorySuggester(counts: counts, lexicon: categories)
        let shell = suggester.suggest(payee: "SHELL 0423", amount: nil)
        XCTAssertEqual(shell.accountID, "a-food")
        XCTAssertEqual(shell.evidence, ["shell"])
        XCTAssertEqual(suggester.suggest(payee: "ESSO 7", amount: nil).accountID, "a-fuel", "an unseen payee still gets the lexicon")
    }
}
