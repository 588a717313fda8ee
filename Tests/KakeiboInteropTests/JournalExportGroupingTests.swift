import Foundation
import KakeiboDomain
import KakeiboInterop
import KakeiboLedger
import XCTest

/// Issue 29, N20: `export journal` keeps the digit groups of a commodity without decimals
/// (`¥50,000` under `commodity ¥1,000.`), as it keeps `$5,000.00` and `1.000,00 EUR`.
final class JournalExportGroupingTests: XCTestCase {
    func ledger(seed: UInt64) throws -> Ledger {
        try Ledger.inMemory(currency: .usd, environment: .deterministic(startingAt: 1_795_262_400_000, seed: seed, actor: "tester"))
    }

    func testWholeYenAmountsKeepTheirGroups() throws {
        let books = try ledger(seed: 20)
        _ = try JournalImporter.importJournal(try JournalReader.read(path: Tools.fixture("travel-trip.journal")), into: books)
        let exported = try JournalExporter.export(books)
        XCTAssertTrue(exported.contains("commodity ¥1,000.\n"), exported)
        XCTAssertTrue(exported.contains("  ¥50,000 @@ $335.50\n"), exported)
        XCTAssertTrue(exported.contains("  ¥42,000 @ $0.0066\n"), exported)
        XCTAssertTrue(exported.contains("  ¥1,980\n"), exported)
        XCTAssertFalse(exported.contains("¥50000"), exported)

        // Read back, the groups are groups: the same balances, and nothing new for the same ledger.
        let copy = try ledger(seed: 21)
        _ = try JournalImporter.importJournal(try JournalReader.read(text: exported, name: "export.journal"), into: copy)
        XCTAssertEqual(try copy.balances().accounts.map { "\($0.account) \($0.amount)" },
                       try books.balances().accounts.map { "\($0.account) \($0.amount)" })
        let again = try JournalImporter.importJournal(try JournalReader.read(text: exported, name: "export.journal"), into: books)
        XCTAssertEqual(again.appended, 0)
    }

    /// A commodity whose recorded style names no decimal mark is written without groups, as before.
    func testNoGroupsWithoutADeclaredDecimalMark() throws {
        let books = try ledger(seed: 22)
        _ = try JournalImporter.importJournal(try JournalReader.read(text: """
            2026-01-01 hotel
                expenses:lodging  ¥42000
                assets:cash

            """, name: "plain.journal"), into: books)
        let exported = try JournalExporter.export(books)
        XCTAssertTrue(exported.contains("expenses:lodging  ¥42000\n"), exported)
    }

    func testHledgerReadsTheGroupedExportAlike() throws {
        let hledger = try Tools.hledger()
        let books = try ledger(seed: 23)
        let fixture = Tools.fixture("travel-trip.journal")
        _ = try JournalImporter.importJournal(try JournalReader.read(path: fixture), into: books)
        let exported = try JournalExporter.export(books)
        let ours = try Tools.run(hledger, ["-f", "-", "bal", "-N", "--flat"], stdin: exported)
        let theirs = try Tools.run(hledger, ["-f", fixture, "bal", "-N", "--flat"])
        XCTAssertEqual(ours.status, 0, ours.stderr)
        // The same lines; the order follows each file's account declarations.
        XCTAssertEqual(ours.stdout.split(separator: "\n").sorted(), theirs.stdout.split(separator: "\n").sorted())
    }
}
