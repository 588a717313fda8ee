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
        try JournalImporter.importJournal(try JournalReader.read(path: Tools.fixture("travel.journal")), into: ledger)
    }

    override func tearDownWithError() throws {
        ledger = nil
        try? FileManager.default.removeItem(at: directory)
    }

    func testTheJournalExportKeepsCostsAsWrittenAndReimportsToTheSameEvents() throws {
        let exported = try JournalExporter.export(ledger)
        XCTAssertTrue(exported.contains("    assets:wise:eur  500.00 EUR @ 1.09 USD\n"), exported)
        XCTAssertTrue(exported.contains("    expenses:food  30.00 EUR @@ 33.15 USD\n"), exported)
        XCTAssertTrue(exported.contains("P 2026-02-01 BTC 40000.00 USD\n"), exported)
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
        XCTAssertTrue(printed.stdout.contains("@ 1.09 USD"), printed.stdout)
        XCTAssertTrue(printed.stdout.contains("@@ 33.15 USD"), printed.stdout)
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
