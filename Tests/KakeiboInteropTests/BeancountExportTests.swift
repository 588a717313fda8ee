import Foundation
@testable import KakeiboInterop
import KakeiboDomain
import XCTest

/// `kakeibo export beancount`: names beancount accepts, and a file bean-check accepts whose
/// balances, summed by beancount itself, are Kakeibo's.
final class BeancountExportTests: XCTestCase {
    func testAccountNamesAreMappedToBeancountsRules() throws {
        let accounts = try [
            ("assets:checking", AccountType.asset), ("savings:box", .asset), ("expenses:eating out", .expense),
            ("expenses:eating-out", .expense), ("income:1st job", .income), ("liabilities:visa", .liability),
            ("expenses:café", .expense), ("equity:opening", .equity),
        ].map { Account(id: $0.0, name: try AccountName($0.0), type: $0.1, currency: .usd) }
        let names = BeancountExporter.beancountNames(for: accounts)
        XCTAssertEqual(accounts.map { names[$0.name]! }, [
            "Assets:Checking", "Assets:Savings:Box", "Expenses:Eating-out", "Expenses:Eating-out-2", "Income:1st-job",
            "Liabilities:Visa", "Expenses:Caf-", "Equity:Opening",
        ])
        XCTAssertEqual(BeancountExporter.quoted("say \"hi\" \\ bye"), "\"say \\\"hi\\\" \\\\ bye\"")
    }

    func testBeanCheckAcceptsTheExportAndBeancountAgreesOnBalances() throws {
        let beanCheck = try Tools.beanCheck()
        let kakeibo = try Tools.kakeiboBinary()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-beancount-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = directory.appendingPathComponent("ledger.sqlite").path
        var generator = JournalGenerator(seed: 11)
        let journal = directory.appendingPathComponent("books.journal").path
        try generator.journal(transactions: 1_000).write(toFile: journal, atomically: true, encoding: .utf8)
        // A closed account keeps its history: it must still be opened in the export.
        for arguments in [["init", "--currency", "USD"], ["import", "journal", journal], ["import", "journal", Tools.fixture("features.journal")],
                          ["txn", "--posting", "assets:pounds=3.10 GBP", "--posting", "expenses:uk", "--date", "2026-11-10"],
                          ["account", "close", "assets:pounds"]] {
            let result = try Tools.run(kakeibo, ["--db", db] + arguments)
            XCTAssertEqual(result.status, 0, result.stderr)
        }
        let export = try Tools.run(kakeibo, ["--db", db, "export", "beancount"])
        XCTAssertEqual(export.status, 0, export.stderr)
        let file = directory.appendingPathComponent("books.beancount").path
        try export.stdout.write(toFile: file, atomically: true, encoding: .utf8)

        let check = try Tools.run(beanCheck, [file])
        XCTAssertEqual(check.status, 0, "bean-check: \(check.stdout)\(check.stderr)")
        XCTAssertEqual(check.stdout + check.stderr, "")

        // Beancount sums the postings (its own loader), named back through the kakeibo-account metadata.
        let python = beanCheck.deletingLastPathComponent().appendingPathComponent("python3")
        let script = """
            import sys
            from beancount import loader
            from beancount.core import data
            entries, errors, _ = loader.load_file(sys.argv[1])
            assert not errors, errors
            names = {e.account: e.meta["kakeibo-account"] for e in entries if isinstance(e, data.Open)}
            sums = {}
            for e in entries:
                if isinstance(e, data.Transaction):
                    for p in e.postings:
                        key = names[p.account] + "," + p.units.currency
                        sums[key] = sums.get(key, 0) + p.units.number
            for key in sorted(sums, key=lambda k: k.encode()):
                if sums[key] != 0:
                    print(key + "," + str(sums[key]))
            """
        guard FileManager.default.isExecutableFile(atPath: python.path) else { return }
        let sums = try Tools.run(python, ["-c", script, file])
        XCTAssertEqual(sums.status, 0, sums.stderr)
        let balance = try Tools.run(kakeibo, ["--db", db, "balance", "--format", "csv"])
        let beancountLines: [String] = sums.stdout.split(separator: "\n").map(String.init)
        let kakeiboLines: [String] = balance.stdout.split(separator: "\n").dropFirst().map(String.init)
        XCTAssertEqual(beancountLines, kakeiboLines)
    }
}
