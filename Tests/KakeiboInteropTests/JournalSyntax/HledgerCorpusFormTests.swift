import Foundation
import XCTest

/// Forms that stopped journals of hledger's own tests (`Tests/Journals/hledger-corpus.sh`), read
/// since issue 36 as hledger means them: `1. EUR`, `1 000.00 EUR`, an amountless `(account)`, a
/// cost in a commodity whose amounts come later, a conversion whose cost hledger infers, and an
/// auto posting that grows a commodity's stored precision. `Fixtures/journals/hledger-corpus-forms.journal`
/// holds one of each; every step is `kakeibo` as typed.
final class HledgerCorpusFormTests: XCTestCase {
    var directory: URL!
    var kakeibo: URL!

    override func setUpWithError() throws {
        kakeibo = try Tools.kakeiboBinary()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-corpus-forms-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try run("init", "--currency", "USD", "--timezone", "UTC")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    @discardableResult
    func run(_ arguments: String..., status: Int32 = 0, file: StaticString = #filePath, line: UInt = #line) throws -> Tools.Output {
        let output = try Tools.run(kakeibo, ["--db", directory.appendingPathComponent("ledger.sqlite").path] + arguments, in: directory)
        XCTAssertEqual(output.status, status, "kakeibo \(arguments.joined(separator: " ")): \(output.stderr)", file: file, line: line)
        return output
    }

    /// `kakeibo balance --format csv` as `account,CODE,amount`, conversion accounts and zeros left out.
    func balances() throws -> [String] {
        try run("balance", "--format", "csv").stdout.split(separator: "\n").dropFirst()
            .filter { !$0.hasPrefix("equity:conversion:") }
            .map { HledgerJSON.normalised(String($0)) }
            .filter { !$0.hasSuffix(",0") }
            .sorted()
    }

    func hledgerBalances(_ path: String, _ extra: [String] = []) throws -> [String] {
        let output = try Tools.run(try Tools.hledger(), ["-f", path, "bal", "-N", "-O", "json"] + extra)
        XCTAssertEqual(output.status, 0, output.stderr)
        return try HledgerJSON.balances(output.stdout).map(HledgerJSON.normalised).filter { !$0.hasPrefix("equity:conversion:") }
    }

    func testTheFormsImportWithHledgersBalancesAndReimportAppendsNothing() throws {
        let fixture = Tools.fixture("hledger-corpus-forms.journal")
        let first = try run("import", "journal", fixture)
        XCTAssertTrue(first.stdout.contains("6 transactions appended"), first.stdout)
        let ours = try balances()
        XCTAssertEqual(ours, ["assets:bank,EUR,980", "assets:fund,FUND,55.3653", "assets:points,PTS,-1712",
                              "assets:travel,GBP,21", "expenses:tips,EUR,1", "income:gift,EUR,-6",
                              "income:salary,EUR,-1000", "memo:tip-points,PT,1.5"])
        XCTAssertEqual(ours, try hledgerBalances(fixture, ["--auto"]))
        let again = try run("import", "journal", fixture)
        XCTAssertTrue(again.stdout.contains("0 transactions appended"), again.stdout)
        XCTAssertEqual(try run("replay", "--check").status, 0)
    }

    /// The inferred costs are written out (`@@`, tagged), and so is the grown precision: hledger
    /// reads the export to the same balances without `--auto`, and it re-imports to nothing.
    func testTheExportKeepsInferredCostsAndGrownPrecision() throws {
        try run("import", "journal", Tools.fixture("hledger-corpus-forms.journal"))
        let exported = try run("export", "journal").stdout
        XCTAssertTrue(exported.contains("assets:travel  10.00 GBP @@ 11.90 EUR  ; inferred-cost: @@ 11.90 EUR"), exported)
        XCTAssertTrue(exported.contains("assets:travel  11.00 GBP @@ 13.10 EUR  ; inferred-cost: @@ 13.10 EUR"), exported)
        XCTAssertTrue(exported.contains("(memo:tip-points)  1.5 PT"), exported)
        let path = directory.appendingPathComponent("export.journal").path
        try exported.write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertEqual(try hledgerBalances(path), try balances())
        let again = try run("import", "journal", path)
        XCTAssertTrue(again.stdout.contains("0 transactions appended"), again.stdout)
    }

    /// What hledger refuses too stays refused: two commodities off in the same direction balance
    /// at no rate. One line naming file:line:column, exit 1, the log as it was.
    func testTwoCommoditiesOffTheSameWayAreRefusedAndAppendNothing() throws {
        try run("import", "journal", Tools.fixture("hledger-corpus-forms.journal"))
        let before = try run("log", "--format", "json").stdout
        let path = directory.appendingPathComponent("same-way.journal").path
        try "2026-02-01 x\n    assets:travel    10.00 GBP\n    assets:bank      25.00 EUR\n".write(toFile: path, atomically: true, encoding: .utf8)
        let refused = try run("import", "journal", path, status: 1)
        // The message is the first line; the excerpt with its caret follows, as hledger shows it.
        let message = String(refused.stderr.split(separator: "\n").first ?? "")
        XCTAssertTrue(message.hasPrefix("kakeibo: error: \(path):1:1: "), refused.stderr)
        XCTAssertTrue(message.contains("EUR off by 25.00, GBP off by 10.00"), refused.stderr)
        XCTAssertEqual(try run("log", "--format", "json").stdout, before)
    }
}
