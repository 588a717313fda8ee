import KakeiboDomain
@testable import KakeiboLedger
import XCTest

/// `TransferMatcher` (issue 32, part 2): which debit pairs with which credit.
final class TransferMatcherTests: XCTestCase {
    private func side(_ id: String, _ account: String, _ minor: Int64, _ date: String, position: Int64 = 0) throws -> TransferSide {
        TransferSide(transactionID: id, date: try LocalDate(iso: date), accountID: "id-" + account, account: try AccountName(account),
                     amount: Money(minorUnits: minor, currency: .usd), payee: nil,
                     counterAccount: try AccountName(minor < 0 ? "expenses:unknown" : "income:unknown"), position: position)
    }

    func testADebitPairsWithTheNearestCreditOfTheSameAmountOnAnotherAccount() throws {
        let sides = [
            try side("pay", "assets:checking", -40_000, "2026-02-15"),
            try side("far", "liabilities:visa", 40_000, "2026-02-19"),
            try side("near", "liabilities:visa", 40_000, "2026-02-16"),
            try side("same-account", "assets:checking", 40_000, "2026-02-15"),
            try side("other-amount", "liabilities:visa", 39_999, "2026-02-15"),
        ]
        let pairs = TransferMatcher(days: 4).pairs(sides)
        XCTAssertEqual(pairs.map { [$0.outgoing.transactionID, $0.incoming.transactionID] }, [["pay", "near"]])
        XCTAssertEqual(pairs.first?.daysApart, 1)
    }

    func testEachSidePairsOnceAndOnlyWithinTheWindow() throws {
        let sides = [
            try side("a", "assets:checking", -1_000, "2026-03-01", position: 1),
            try side("b", "assets:checking", -1_000, "2026-03-01", position: 2),
            try side("c", "liabilities:visa", 1_000, "2026-03-02"),
            try side("late", "liabilities:visa", 1_000, "2026-03-09"),
        ]
        let pairs = TransferMatcher(days: 4).pairs(sides)
        XCTAssertEqual(pairs.map { [$0.outgoing.transactionID, $0.incoming.transactionID] }, [["a", "c"]], "the one recorded first wins")
        XCTAssertEqual(TransferMatcher(days: 0).pairs(sides).count, 0)
        XCTAssertEqual(TransferMatcher(days: 8).pairs(sides).count, 2)
    }

    func testAnImportedLineFindsTheSideItCompletes() throws {
        let sides = [try side("pay", "assets:checking", -40_000, "2026-02-15"), try side("x", "assets:savings", -40_000, "2026-02-01")]
        let matcher = TransferMatcher()
        let found = matcher.counterpart(accountID: "id-liabilities:visa", date: try LocalDate(iso: "2026-02-16"),
                                        amount: Money(minorUnits: 40_000, currency: .usd), among: sides)
        XCTAssertEqual(found?.transactionID, "pay")
        XCTAssertNil(matcher.counterpart(accountID: "id-assets:checking", date: try LocalDate(iso: "2026-02-16"),
                                         amount: Money(minorUnits: 40_000, currency: .usd), among: sides), "not its own account")
        XCTAssertNil(matcher.counterpart(accountID: "id-liabilities:visa", date: try LocalDate(iso: "2026-02-16"),
                                         amount: Money(minorUnits: 40_000, currency: .usd), among: sides, excluding: ["pay"]))
    }
}
