import KakeiboDomain
import KakeiboInterop
import XCTest

/// Issue 13, item 3: balance assertions hold in date order, then file order, as hledger checks them.
final class JournalAssertionOrderTests: XCTestCase {
    /// An assertion, then an entry dated before it: in date order the entry counts first, and it holds.
    static let backFilledBeforeItsAssertion = """
        2026-08-05 later in date, first in file
            assets:cash   $5 = $15
            equity:opening

        2026-08-01 earlier
            assets:cash   $10
            equity:opening

        """

    /// The second assertion holds in file order only: the back-filled entry counts before it.
    static let holdsOnlyInFileOrder = """
        2026-08-01 first in file and in date
            assets:cash   $10 = $10
            equity:opening

        2026-08-03 later in date, second in file
            assets:cash   $1 = $11
            equity:opening

        2026-08-02 back-filled: hledger counts it before the assertion above
            assets:cash   $4
            equity:opening

        """

    func testABackFilledEntryCountsBeforeALaterDatedAssertion() throws {
        let journal = try JournalReader.read(text: Self.backFilledBeforeItsAssertion, name: "dateorder.journal")
        XCTAssertEqual(journal.assertionsChecked, 1)
        XCTAssertEqual(journal.transactions.map(\.date.description), ["2026-08-05", "2026-08-01"], "file order is kept")
    }

    func testAnAssertionThatHoldsOnlyInFileOrderIsRefused() {
        XCTAssertThrowsError(try JournalReader.read(text: Self.holdsOnlyInFileOrder, name: "backfill.journal")) { error in
            guard case .balanceAssertionFailed(let location, "assets:cash", _, let actual)? = error as? ImportError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(location.line, 6)
            XCTAssertEqual(location.column, 24, "at the asserted amount")
            XCTAssertEqual(actual, "15.00 USD")
        }
    }

    func testSameDayPostingsFollowFileOrder() throws {
        let journal = try JournalReader.read(text: """
            2026-08-01 a
                assets:cash   $10 = $10
                equity:opening

            2026-08-01 b
                assets:cash   $-3 = $7
                equity:opening

            """, name: "sameday.journal")
        XCTAssertEqual(journal.assertionsChecked, 2)
    }
}
