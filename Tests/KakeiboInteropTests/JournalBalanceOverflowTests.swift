import Foundation
import KakeiboDomain
import KakeiboInterop
import KakeiboLedger
import XCTest

/// Issue 29, N16: a journal whose running balance would overflow is refused as one that would
/// take the account's balance beyond the limit, at the posting, as `expense` says it, not as if
/// the posting's own amount (`$1`) were too large.
final class JournalBalanceOverflowTests: XCTestCase {
    static let big = "2026-01-01 big\n    assets:a  $92233720368547758.07\n    equity:opening\n"
    static let plusOne = "2026-01-02 big2\n    assets:a  $1\n    equity:opening\n"

    func ledger() throws -> Ledger {
        try Ledger.inMemory(currency: .usd, environment: .deterministic(startingAt: 1_795_262_400_000, seed: 16, actor: "tester"))
    }

    func testTheRunningBalanceInTheFileIsNamed() throws {
        XCTAssertThrowsError(try JournalReader.read(text: Self.big + Self.plusOne, name: "big2.journal")) { error in
            XCTAssertEqual((error as? ImportError)?.description,
                           "big2.journal:5:5: this would take the balance of \"assets:a\" beyond ±9223372036854775807 minor units "
                           + "(±92233720368547758.07 for a 2-decimal currency); record a smaller amount")
        }
    }

    func testTheLedgersBalanceIsNamedToo() throws {
        let books = try ledger()
        _ = try JournalImporter.importJournal(try JournalReader.read(text: Self.big, name: "big1.journal"), into: books)
        let head = try books.head()
        XCTAssertThrowsError(try JournalImporter.importJournal(try JournalReader.read(text: Self.plusOne, name: "plus.journal"), into: books)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("plus.journal:1"), text)
            XCTAssertTrue(text.contains("beyond ±9223372036854775807 minor units"), text)
            XCTAssertFalse(text.contains("invalid amount"), text)
        }
        XCTAssertEqual(try books.head(), head)
    }
}
