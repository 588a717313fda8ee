import Foundation
import KakeiboDomain
import XCTest

/// The built `kakeibo` against hledger 1.25: for generated journals of thousands of
/// transactions and for the features fixture, every account's balance agrees to the cent.
final class HledgerAgreementTests: XCTestCase {
    var directory: URL!
    var kakeibo: URL!

    override func setUpWithError() throws {
        kakeibo = try Tools.kakeiboBinary()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-hledger-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    // MARK: - Helpers

    func run(_ db: String, _ arguments: String..., stdin: String? = nil, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let output = try Tools.run(kakeibo, ["--db", directory.appendingPathComponent(db).path] + arguments, stdin: stdin,
                                   in: directory)
        XCTAssertEqual(output.status, 0, "kakeibo \(arguments.joined(separator: " ")): \(output.stderr)", file: file, line: line)
        return output.stdout
    }

    func freshLedger(_ db: String) throws {
        _ = try run(db, "init", "--currency", "USD", "--timezone", "UTC")
    }

    /// `kakeibo balance --format csv` without its header.
    func kakeiboBalances(_ db: String) throws -> [String] {
        Array(try run(db, "balance", "--format", "csv").split(separator: "\n").dropFirst().map(String.init))
    }

    /// hledger's per-account, per-commodity balances, with `$ € £ ¥` read as USD, EUR, GBP, JPY and the
    /// commodities of one currency summed, in `kakeibo balance --format csv` layout.
    func hledgerBalances(file: String? = nil, stdin: String? = nil, decimalComma: Set<String> = []) throws -> [String] {
        let hledger = try Tools.hledger()
        let output = try Tools.run(hledger, ["-f", file ?? "-", "bal", "--flat", "--no-total", "-O", "csv", "--layout=bare"],
                                   stdin: stdin)
        XCTAssertEqual(output.status, 0, "hledger: \(output.stderr)")
        var sums: [String: Money] = [:]
        for row in output.stdout.split(separator: "\n").dropFirst() {
            // Every cell is quoted and none holds a quote: split on `","`.
            let cells = row.dropFirst().dropLast().components(separatedBy: "\",\"")
            XCTAssertEqual(cells.count, 3, "unexpected hledger row \(row)")
            guard cells.count == 3 else { continue }
            let code = ["$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY"][cells[1]] ?? cells[1]
            let currency = try Currency(code: code)
            // hledger prints digit groups and decimal marks in the commodity's style.
            let number = decimalComma.contains(code)
                ? cells[2].replacingOccurrences(of: ".", with: "").replacingOccurrences(of: ",", with: ".")
                : cells[2].replacingOccurrences(of: ",", with: "")
            let amount = try Money.parse(number, currency: currency)
            let key = "\(cells[0]),\(code)"
            sums[key] = try (sums[key] ?? .zero(currency)).adding(amount)
        }
        return sums.filter { !$0.value.isZero }.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            .map { "\($0.key),\($0.value.decimalString)" }
    }

    // MARK: - Tests

    func testGeneratedJournalsAgreeWithHledgerToTheCent() throws {
        _ = try Tools.hledger()
        for seed: UInt64 in [1, 20_261_122] {
            var generator = JournalGenerator(seed: seed)
            let path = directory.appendingPathComponent("generated-\(seed).journal").path
            try generator.journal(transactions: 3_000).write(toFile: path, atomically: true, encoding: .utf8)
            let db = "generated-\(seed).sqlite"
            try freshLedger(db)
            _ = try run(db, "import", "journal", path)
            let ours = try kakeiboBalances(db)
            XCTAssertGreaterThan(ours.count, 10)
            XCTAssertEqual(ours, try hledgerBalances(file: path), "seed \(seed)")
        }
    }

    func testFeaturesFixtureAgreesWithHledger() throws {
        _ = try Tools.hledger()
        try freshLedger("features.sqlite")
        _ = try run("features.sqlite", "import", "journal", Tools.fixture("features.journal"))
        // The fixture declares `commodity 1.000,00 EUR`; hledger prints EUR and € amounts in that style.
        XCTAssertEqual(try kakeiboBalances("features.sqlite"),
                       try hledgerBalances(file: Tools.fixture("features.journal"), decimalComma: ["EUR"]))
    }

    func testExportAgreesWithHledgerAndRoundTrips() throws {
        _ = try Tools.hledger()
        var generator = JournalGenerator(seed: 7)
        let path = directory.appendingPathComponent("books.journal").path
        try generator.journal(transactions: 1_500).write(toFile: path, atomically: true, encoding: .utf8)
        try freshLedger("a.sqlite")
        _ = try run("a.sqlite", "import", "journal", path)

        // An edit and a void: the export shows the edited amounts and leaves the voided transaction out.
        let ids = try run("a.sqlite", "register", "income:salary", "--format", "json")
        let entries = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(ids.utf8)) as? [[String: Any]])
        let first = try XCTUnwrap(entries.first?["id"] as? String ?? entries.first?["transactionId"] as? String, "\(entries.first ?? [:])")
        let second = try XCTUnwrap(entries.dropFirst().first?["id"] as? String ?? entries.dropFirst().first?["transactionId"] as? String)
        _ = try run("a.sqlite", "void", second, "--reason", "duplicate")
        _ = try run("a.sqlite", "edit", first, "--posting", "assets:checking=1000", "--posting", "income:salary", "--reason", "test")

        let exported = try run("a.sqlite", "export", "journal")
        let ours = try kakeiboBalances("a.sqlite")
        XCTAssertEqual(ours, try hledgerBalances(stdin: exported))
        // Written in the style the journal gave USD, which the export declares first.
        let directive = try XCTUnwrap(exported.split(separator: "\n").first { $0.hasPrefix("commodity $") }, exported)
        let style = try XCTUnwrap(AmountStyle(sample: String(directive.dropFirst("commodity ".count))))
        XCTAssertTrue(exported.contains("    assets:checking  \(style.format("1000.00"))\n"), "the edit is applied")

        try freshLedger("b.sqlite")
        let exportPath = directory.appendingPathComponent("export.journal").path
        try exported.write(toFile: exportPath, atomically: true, encoding: .utf8)
        _ = try run("b.sqlite", "import", "journal", exportPath)
        XCTAssertEqual(try kakeiboBalances("b.sqlite"), ours, "import → export → import keeps every balance")
        let again = try run("b.sqlite", "export", "journal").split(separator: "\n").dropFirst()
        let original = exported.split(separator: "\n").dropFirst()
        XCTAssertEqual(again.count, original.count)
        if let difference = zip(again, original).enumerated().first(where: { $0.element.0 != $0.element.1 }) {
            XCTFail("the second export differs at line \(difference.offset + 2): \(difference.element.0) vs \(difference.element.1)")
        }
    }
}
