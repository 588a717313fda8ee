import KakeiboDomain
import XCTest

final class SuggestionFeaturesTests: XCTestCase {
    func testBankDescriptorsLoseProcessorPrefixesStoreNumbersDatesAndNoise() {
        XCTAssertEqual(SuggestionFeatures.payeeTokens("SQ *BLUE BOTTLE #0423 11/02"), ["blue", "bottle"])
        XCTAssertEqual(SuggestionFeatures.payeeTokens("PAYPAL *NETFLIX.COM"), ["netflix"])
        XCTAssertEqual(SuggestionFeatures.payeeTokens("POS DEBIT SHELL 0423 KL"), ["shell", "kl"])
        XCTAssertEqual(SuggestionFeatures.payeeTokens("TST* Joe's Pizza Store 12"), ["joe", "pizza"])
        XCTAssertEqual(SuggestionFeatures.payeeTokens("Green Grocer #101 green"), ["green", "grocer"], "distinct, first-seen order")
        XCTAssertEqual(SuggestionFeatures.payeeTokens("REF 2026-11-02 8812"), [])
        XCTAssertEqual(SuggestionFeatures.payeeTokens("Café Ünï"), ["café", "ünï"])
    }

    func testAmountBucketsAreCurrencyAware() {
        XCTAssertEqual(SuggestionFeatures.amountBucket(Money(minorUnits: 499, currency: .usd)), "amount:<5")
        XCTAssertEqual(SuggestionFeatures.amountBucket(Money(minorUnits: 4_510, currency: .usd)), "amount:<50")
        XCTAssertEqual(SuggestionFeatures.amountBucket(Money(minorUnits: -4_510, currency: .usd)), "amount:<50", "refunds too")
        XCTAssertEqual(SuggestionFeatures.amountBucket(Money(minorUnits: 145_000, currency: .usd)), "amount:500+")
        XCTAssertEqual(SuggestionFeatures.amountBucket(Money(minorUnits: 4_510, currency: .jpy)), "amount:500+")
        XCTAssertEqual(SuggestionFeatures.of(payee: "Shell", amount: Money(minorUnits: 4_510, currency: .usd)),
                       ["payee:shell", "amount:<50"])
    }

    func testReceiptItemWordsArePrefixedDistinctAndCapped() {
        XCTAssertEqual(SuggestionFeatures.itemTokens(["TEH TARIK", "MILO 1KG", "Teh O Ais", "AIR MINERAL 1.5L PKT"]),
                       ["i:teh", "i:tarik", "i:milo", "i:ais", "i:air", "i:mineral"], "units, short and repeated words dropped")
        XCTAssertEqual(SuggestionFeatures.itemTokens([]), [])
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let many: [String] = (0..<30).map { (n: Int) -> String in "word" + String(letters[n % 26]) + String(letters[n / 26]) }
        XCTAssertEqual(SuggestionFeatures.itemTokens(many).count, SuggestionFeatures.maxItemTokens)
        XCTAssertEqual(SuggestionFeatures.itemTokens(many).first, "i:wordaa")
    }
}
