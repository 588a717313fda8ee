import KakeiboDomain
import KakeiboProjections
import XCTest

/// Issue 13, item 13: one earlier amount in another category must not outweigh fifteen
/// consistent sightings of the payee. The demo household's learned expenses, as counts.
final class CategorySuggesterWeightTests: XCTestCase {
    func testFifteenGreenGrocerRunsOutweighOneFuelStopOfTheSameSize() {
        var examples: [(accountID: String, features: [String])] = []
        func add(_ account: String, _ payee: String, _ cents: Int64, times: Int = 1) {
            for _ in 0..<times {
                examples.append((account, SuggestionFeatures.of(payee: payee, amount: Money(minorUnits: cents, currency: .usd))))
            }
        }
        for month in 8...10 {
            for day in [2, 9, 16, 23, 30] {
                add("groceries", "Green Grocer #\(day % 3 + 101)", Int64(60 + (day * 3 + month) % 45) * 100 + Int64(day * 7 % 100))
            }
            for day in [6, 14, 27] { add("dining", "Noodle Bar", Int64(18 + day % 25) * 100 + 50) }
            add("fuel", "Shell 0423", 4_510)
            add("transport", "Metro", 290, times: 2)
            add("rent", "Maple Court Apartments", 145_000)
            add("internet", "FiberNet", 5_999)
            add("phone", "Mobile Co", 3_500)
            add("utilities", "City Power & Water", Int64(80 + month * 7) * 100 + 40)
        }
        add("groceries", "Green Grocer #101", 1_850)
        add("health", "Pharmacy", 6_400)
        add("clothing", "Outfitters", 12_000)
        add("gifts", "Flower stand", 3_800)
        add("entertainment", "Cinema City (2 tickets)", 3_200)
        let suggester = CategorySuggester(counts: .init(examples: examples))

        let usual = suggester.suggest(payee: "Green Grocer #101", amount: Money(minorUnits: 8_000, currency: .usd))
        XCTAssertEqual(usual.accountID, "groceries")
        let small = suggester.suggest(payee: "Green Grocer #101", amount: Money(minorUnits: 4_500, currency: .usd))
        XCTAssertEqual(small.accountID, "groceries", "an amount fuel once had does not cancel the payee: \(small)")
        XCTAssertGreaterThanOrEqual(small.confidenceBasisPoints, 9_000, "\(small)")
        // The amount still decides between categories the payee cannot tell apart.
        XCTAssertEqual(suggester.suggest(payee: "Shell 0423", amount: Money(minorUnits: 4_500, currency: .usd)).accountID, "fuel")
    }
}
