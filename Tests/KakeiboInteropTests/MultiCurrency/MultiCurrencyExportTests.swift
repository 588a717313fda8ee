import Foundation
import KakeiboDomain
@testable import KakeiboInterop
import KakeiboLedger
import XCTest

/// Exports of a multi-currency ledger: `@`/`@@` as recorded, no generated postings, prices kept;
/// hledger reads the journal back to the same balances and bean-check accepts the beancount file.
final class MultiCurrencyExportTests: XCTestCase {
    var directory: URL!
    var ledger: Ledger!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-money-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        ledger = try Ledger.create(at: directory.appendingPathComponent("ledger.sqlite").path, currency: .usd, timeZone: "UTC",
                                   environment: .deterministic(startingAt: 1_795_262_400_000, seed: 5, actor: "tester"))
        _ = try JournalImporter.importJournal(try JournalReader.read(path: Tools.fixture("travel.journal")), into: ledger)
    }

    override func tearDownWithError() throws {
        ledger = nil
        try? FileManager.default.removeItem(at: directory)
    }

    func testTheJournalExportKeepsCostsAsWrittenAndReimportsToTheSameEvents() throws {
        let exported = try JournalExporter.export(ledger)
        // Every amount in its commodity's style, as the journal wrote it, declared at the top (issue 17).
        for directive in ["commodity $1,000.00\n", "commodity 1.000,00 EUR\n", "commodity BTC 1.00000000\n"] {
            XCTAssertTrue(exported.contains(directive), exported)
        }
        XCTAssertTrue(exported.contains("    assets:wise:eur  500,00 EUR @ $1.09\n"), exported)
        XCTAssertTrue(exported.contains("    expenses:food  30,00 EUR @@ $33.15\n"), exported)
        XCTAssertTrue(exported.contains("    assets:checking  $3,000.00\n"), exported)
        XCTAssertTrue(exported.contains("    assets:checking  $-33.15\n"), exported)
        XCTAssertTrue(exported.contains("    assets:crypto  BTC 0.01000000 @@ $420.00\n"), exported)
        XCTAssertTrue(exported.contains("P 2026-02-01 BTC $40,000.00\n"), exported)
        XCTAssertTrue(exported.contains("P 2026-01-01 EUR $1.08\n"), exported)
        XCTAssertFalse(exported.contains("    equity:conversion:"), "generated postings are left out")

        let path = directory.appendingPathComponent("export.journal").path
        try exported.write(toFile: path, atomically: true, encoding: .utf8)
        let copy = try Ledger.create(at: directory.appendingPathComponent("copy.sqlite").path, currency: .usd, timeZone: "UTC",
                                     environment: .deterministic(startingAt: 1_795_262_400_000, seed: 6, actor: "tester"))
        let report = try JournalImporter.importJournal(try JournalReader.read(path: path), into: copy)
        XCTAssertEqual(report.appended, 5)
        XCTAssertEqual(report.pricesAppended, 3)
        func rows(_ ledger: Ledger) throws -> [String] {
            try ledger.balances().accounts.map { "\($0.account),\($0.amount)" }
        }
        XCTAssertEqual(try rows(copy), try rows(ledger), "conversion accounts included")
        XCTAssertEqual(try JournalImporter.importJournal(try JournalReader.read(path: path), into: copy).appended, 0)
    }

    func testHledgerReadsTheExportBackToEqualBalances() throws {
        let hledger = try Tools.hledger()
        let exported = try JournalExporter.export(ledger)
        let fromExport = try Tools.run(hledger, ["-f", "-", "bal", "-N", "-O", "json"], stdin: exported)
        XCTAssertEqual(fromExport.status, 0, fromExport.stderr)
        let original = try Tools.run(hledger, ["-f", Tools.fixture("travel.journal"), "bal", "-N", "-O", "json"])
        XCTAssertEqual(try HledgerJSON.balances(fromExport.stdout), try HledgerJSON.balances(original.stdout))
        let printed = try Tools.run(hledger, ["-f", "-", "print"], stdin: exported)
        XCTAssertTrue(exported.contains("@ $1.09\n"), exported)
        XCTAssertTrue(exported.contains("@@ $33.15\n"), exported)
        XCTAssertTrue(printed.stdout.contains("@ $1.09"), printed.stdout)
        XCTAssertTrue(printed.stdout.contains("@@ $33.15"), printed.stdout)
    }

    func testTheBeancountExportPassesBeanCheck() throws {
        let beanCheck = try Tools.beanCheck()
        let exported = try BeancountExporter.export(ledger)
        XCTAssertTrue(exported.contains("  Assets:Wise:Eur  500.00 EUR @ 1.09 USD\n"), exported)
        XCTAssertTrue(exported.contains("2026-02-01 price EUR 1.10 USD\n"), exported)
        XCTAssertTrue(exported.contains("open Expenses:Food\n"), "an expense account has no currency constraint")
        let path = directory.appendingPathComponent("export.beancount").path
        try exported.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try Tools.run(beanCheck, [path])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    }
}

/// Display styles (issue 17): from `commodity` directives, else the first amount as written.
final class CommodityStyleTests: XCTestCase {
    func testStylesAreRecordedOnceAndReplay() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-styles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let ledger = try Ledger.create(at: directory.appendingPathComponent("l.sqlite").path, currency: .usd, timeZone: "UTC",
                                       environment: .deterministic(startingAt: 1_795_262_400_000, seed: 9, actor: "tester"))
        _ = try JournalImporter.importJournal(try JournalReader.read(path: Tools.fixture("travel.journal")), into: ledger)
        XCTAssertEqual(try ledger.commodityDisplays(), ["USD": "$1,000.00", "EUR": "1.000,00 EUR", "BTC": "BTC 1.00000000"])
        let declared = try ledger.events(from: 1).filter { $0.type == "CommodityDeclared" }.count
        XCTAssertEqual(declared, 3)
        _ = try JournalImporter.importJournal(try JournalReader.read(path: Tools.fixture("travel.journal")), into: ledger)
        XCTAssertEqual(try ledger.events(from: 1).filter { $0.type == "CommodityDeclared" }.count, declared, "re-import declares nothing")
        XCTAssertTrue(try ledger.verify().isValid)

        // No directive: the first amount as written gives the style (hledger's rule).
        let text = "2026-03-01 x\n    expenses:food  EUR 12.50\n    assets:cash  EUR -12.50\n2026-03-02 y\n    expenses:food  7 EUR\n    assets:cash\n"
        let journal = try JournalReader.read(text: text, name: "t.journal")
        XCTAssertEqual(journal.commodities.map { "\($0.commodity.code) \($0.display ?? "")" }, ["EUR EUR 1000.00"])
    }

    func testAStyleWritesSymbolSideSpacingMarksAndGroups() throws {
        let dollars = try XCTUnwrap(AmountStyle(sample: "$1,000.00"))
        XCTAssertEqual(dollars.format("-1234567.5"), "$-1,234,567.5")
        XCTAssertEqual(dollars.format("1.09"), "$1.09")
        XCTAssertEqual(dollars.format("2000"), "$2000", "no groups without decimals: never mistaken for a decimal mark")
        let euros = try XCTUnwrap(AmountStyle(sample: "1.000,00 EUR"))
        XCTAssertEqual(euros.format("-42.50"), "-42,50 EUR")
        XCTAssertEqual(euros.format("1234.5"), "1.234,5 EUR")
        XCTAssertEqual(try XCTUnwrap(AmountStyle(sample: "€10,00")).format("3.5"), "€3,5")
        XCTAssertEqual(try XCTUnwrap(AmountStyle(sample: "¥1,000.")).sample(digits: 0), "¥1000.")
        XCTAssertEqual(try XCTUnwrap(AmountStyle(sample: "1000 KRW")).sample(digits: 0), "1000. KRW")
        XCTAssertNil(AmountStyle(sample: "1000"), "no symbol")
    }
}
