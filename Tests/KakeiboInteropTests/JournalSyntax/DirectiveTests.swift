import Foundation
import KakeiboDomain
@testable import KakeiboInterop
import KakeiboLedger
import XCTest

/// `alias`, `payee`, `tag`, `Y`/`year` with dates without a year, and `=*`/`==*` assertions.
final class DirectiveTests: JournalSyntaxTestCase {
    func testDirectivesReadAsHledgerReadsThem() throws {
        let journal = try JournalReader.read(path: Tools.fixture("directives.journal"))
        XCTAssertEqual(journal.transactions.map(\.date.description), ["2026-01-05", "2026-01-09", "2026-01-10", "2025-12-31", "2026-01-11", "2026-01-12"])
        XCTAssertEqual(journal.transactions[1].postings.map(\.account.rawValue), ["expenses:food", "assets:bank:checking"])
        XCTAssertEqual(journal.transactions[3].postings[0].account.rawValue, "expenses:food:snacks")
        XCTAssertEqual(journal.assertionsChecked, 3)
        try importFixture("directives.journal")
        XCTAssertEqual(try balances(), ["assets:bank:checking,USD,1482.3", "assets:bank:savings,USD,500", "assets:broker:aaa,AAA,1", "expenses:food,USD,13.5",
                                        "expenses:food:snacks,USD,3", "income:salary,USD,-2000"])
        try assertReimportAppendsNothing("directives.journal")
        // The event keeps the name as written beside the one used; unaliased postings carry nothing new.
        let payloads = try ledger.events(from: 1).filter { $0.type == "TransactionRecorded" }.map { $0.payload.canonicalString() }
        XCTAssertTrue(payloads[1].contains(#""writtenAs":"spend:food""#), payloads[1])
        XCTAssertTrue(payloads[1].contains(#""writtenAs":"checking""#), payloads[1])
        XCTAssertFalse(payloads[4].contains("writtenAs"), payloads[4])
    }

    func testBalancesEqualHledgers() throws {
        try importFixture("directives.journal")
        try assertBalancesEqualHledger("directives.journal")
    }

    func testInclusiveAssertionsCountSubaccountsAndFailWithTheirColumn() throws {
        let text = "2026-01-01 x\n  a:b:c  $5\n  e:f\n2026-01-02 y\n  a  $0 =* $6\n  e:f  $0\n"
        XCTAssertThrowsError(try JournalReader.read(text: text, name: "t.journal")) { error in
            XCTAssertTrue("\(error)".hasPrefix("t.journal:5:"), "\(error)")
        }
        XCTAssertEqual(try JournalReader.read(text: text.replacingOccurrences(of: "$6", with: "$5"), name: "t.journal").assertionsChecked, 1)
    }

    func testRegexAliasesAreCaseInsensitiveAndMostRecentFirst() throws {
        let text = "alias /BANK/ = bank2\nalias a = assets:bank\n2026-01-01 x\n  a:cash  $5\n  equity:x\n"
        // `a` → `assets:bank` first (defined last), then /BANK/ → `assets:bank2`.
        let journal = try JournalReader.read(text: text, name: "t.journal")
        XCTAssertEqual(journal.transactions[0].postings[0].account.rawValue, "assets:bank2:cash")
        let hledger = try Tools.hledger()
        let path = directory.appendingPathComponent("alias.journal").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertTrue(try Tools.run(hledger, ["-f", path, "accounts"]).stdout.contains("assets:bank2:cash"))
    }
}
