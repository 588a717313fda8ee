import Foundation
import KakeiboDomain
@testable import KakeiboInterop
import KakeiboLedger
import XCTest

/// `include` with `*`, `**` and `?`: every match, sorted by path; cycles stay an error.
final class IncludeGlobTests: JournalSyntaxTestCase {
    func testGlobsIncludeEveryMatchInPathOrder() throws {
        let journal = try JournalReader.read(path: Tools.fixture("include-glob.journal"))
        XCTAssertEqual(journal.files.map { URL(fileURLWithPath: $0).lastPathComponent },
                       ["include-glob.journal", "2026-01.journal", "2026-02.journal", "rent.j", "top.j"])
        XCTAssertEqual(journal.assertionsChecked, 2)
        try importFixture("include-glob.journal")
        XCTAssertEqual(try balances(), ["assets:checking,USD,1295.5", "expenses:food,USD,4.5", "expenses:rent,USD,700",
                                        "income:salary,USD,-2000"])
        try assertReimportAppendsNothing("include-glob.journal")
    }

    func testBalancesEqualHledgers() throws {
        try importFixture("include-glob.journal")
        try assertBalancesEqualHledger("include-glob.journal")
    }

    func testPatternsMatchLikeTheShell() {
        func m(_ p: String, _ n: String) -> Bool { JournalReader.matches(Array(p.unicodeScalars)[...], Array(n.unicodeScalars)[...]) }
        XCTAssertTrue(m("*.journal", "a.journal"))
        XCTAssertFalse(m("*.journal", "a.j"))
        XCTAssertTrue(m("2026-0?.j", "2026-01.j"))
        XCTAssertFalse(m("2026-0?.j", "2026-10.j"))
        XCTAssertTrue(m("[ab]*", "b1"))
        XCTAssertFalse(m("[!ab]*", "b1"))
    }

    func testAGlobThatMatchesNothingAndAGlobCycleAreErrors() throws {
        let none = directory.appendingPathComponent("none.journal").path
        try "include nowhere/*.journal\n".write(toFile: none, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try JournalReader.read(path: none)) { error in
            XCTAssertTrue("\(error)".contains("none.journal:1:"), "\(error)")
        }
        let loop = directory.appendingPathComponent("loop.journal").path
        try "include *.journal\n".write(toFile: loop, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try JournalReader.read(path: loop)) { error in
            XCTAssertTrue("\(error)".lowercased().contains("cycle") || "\(error)".contains("includes itself"), "\(error)")
        }
    }
}
