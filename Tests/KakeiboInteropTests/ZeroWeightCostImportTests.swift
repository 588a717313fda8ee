import Foundation
import KakeiboDomain
@testable import KakeiboInterop
import KakeiboLedger
import XCTest

/// Issue 29, N4: a posting whose cost weighs nothing (`5 EUR @@ $0`, `7 EUR @ $0`, `¥1 @ $0.004`)
/// keeps its amount on import, as hledger does, instead of the transaction turning into a note.
final class ZeroWeightCostImportTests: XCTestCase {
    var ledger: Ledger!

    override func setUpWithError() throws {
        ledger = try Ledger.inMemory(currency: .usd, environment: .deterministic(startingAt: 1_795_262_400_000, seed: 29, actor: "tester"))
    }

    static let gifts = """
        2026-01-01 gift
            assets:e  5 EUR @@ $0
            assets:b  $0
        2026-01-02 gift2
            assets:e  7 EUR @ $0
            assets:b
        2026-01-01 tiny
            expenses:fees  ¥1 @ $0.004
            assets:b

        """

    func balance(_ account: String) throws -> [String] {
        try ledger.balances().accounts.filter { $0.account.rawValue == account }.map { $0.amount.description }
    }

    func testAZeroWeightPostingKeepsItsAmount() throws {
        let report = try JournalImporter.importJournal(try JournalReader.read(text: Self.gifts, name: "z1.journal"), into: ledger)
        XCTAssertEqual(report.appended, 3)
        XCTAssertEqual(try balance("assets:e"), ["12.00 EUR"])
        XCTAssertEqual(try balance("expenses:fees"), ["1 JPY"])
        // Never a transaction without postings.
        XCTAssertTrue(try ledger.transactions().allSatisfy { !$0.lines.isEmpty })
        // Imported again: nothing appended.
        let again = try JournalImporter.importJournal(try JournalReader.read(text: Self.gifts, name: "z1.journal"), into: ledger)
        XCTAssertEqual(again.appended, 0)
    }

    func testTheExportWritesTheCostBack() throws {
        _ = try JournalImporter.importJournal(try JournalReader.read(text: Self.gifts, name: "z1.journal"), into: ledger)
        let exported = try JournalExporter.export(ledger)
        XCTAssertTrue(exported.contains("    assets:e  5.00 EUR @@ $0\n"), exported)
        // And it reads back to the same balances.
        let copy = try Ledger.inMemory(currency: .usd, environment: .deterministic(startingAt: 1_795_262_400_000, seed: 30, actor: "t"))
        _ = try JournalImporter.importJournal(try JournalReader.read(text: exported, name: "export.journal"), into: copy)
        XCTAssertEqual(try copy.balances().accounts.map(\.amount), try ledger.balances().accounts.map(\.amount))
    }

    /// A lone posting that weighs nothing cannot be recorded (a transaction needs two): refused
    /// at its line, never dropped.
    func testALonePostingThatWeighsNothingIsRefusedAtItsLine() throws {
        let head = try ledger.head()
        XCTAssertThrowsError(try JournalImporter.importJournal(
            try JournalReader.read(text: "2026-01-01 solo\n    assets:e  5 EUR @@ $0\n", name: "solo.journal"), into: ledger)) { error in
            XCTAssertEqual((error as? ImportError)?.location?.description, "solo.journal:2:5", "\(error)")
            XCTAssertTrue("\(error)".contains("5.00 EUR"), "\(error)")
            XCTAssertFalse("\(error)".contains("\n"), "one line")
        }
        XCTAssertEqual(try ledger.head(), head)
    }

    /// Zero postings beside two that move money are still left out: keys of earlier imports stay the same.
    func testZeroPostingsBesideTwoMovingOnesAreLeftOutAsBefore() throws {
        let journal = try JournalReader.read(text: """
            2026-01-01 shop
                expenses:food  $5.00
                assets:cash  $0 = $0
                assets:bank

            """, name: "a.journal")
        let input = try JournalImporter.command(for: journal.transactions[0])
        XCTAssertEqual(input.postings.map(\.account), ["expenses:food", "assets:bank"])
    }

    func testBalancesAgreeWithHledger() throws {
        let hledger = try Tools.hledger()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-n4-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("z1.journal").path
        try Self.gifts.write(toFile: path, atomically: true, encoding: .utf8)
        // `¥1 @ $0.004` leaves assets:b at -$0.004. hledger shows $ at the journal's display precision (0 decimals here),
        // so its plain `bal` hides that balance as zero; asked for three decimals it prints it. Since sub-cent amounts are
        // kept exactly (CommodityPrecisionGrown, d78245f) the ledger stores -0.004 USD rather than rounding the weight
        // to $0.00, so the comparison is made at the precision that shows the exact balance.
        let output = try Tools.run(hledger, ["-f", path, "-c", "$1.000", "bal", "-N", "--flat", "-O", "csv", "--layout=bare"])
        XCTAssertEqual(output.stdout, "\"account\",\"commodity\",\"balance\"\n\"assets:b\",\"$\",\"-0.004\"\n\"assets:e\",\"EUR\",\"12\"\n\"expenses:fees\",\"¥\",\"1\"\n")
        _ = try JournalImporter.importJournal(try JournalReader.read(path: path), into: ledger)
        let ours = try ledger.balances().accounts.filter { !$0.account.rawValue.hasPrefix("equity:conversion") && !$0.amount.isZero }
        XCTAssertEqual(ours.map { "\($0.account),\($0.amount)" }, ["assets:b,-0.004 USD", "assets:e,12.00 EUR", "expenses:fees,1 JPY"])
    }
}
