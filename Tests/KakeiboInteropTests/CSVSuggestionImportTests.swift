import Foundation
import KakeiboDomain
import KakeiboInterop
import KakeiboLedger
import XCTest

/// Spending rows no rule categorises go where the ledger's suggester says when it is confident
/// (here the cold-start lexicon), and the event records it; the rest stay in expenses:unknown.
final class CSVSuggestionImportTests: XCTestCase {
    var directory: URL!
    var ledger: Ledger!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-csv-suggest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        ledger = try Ledger.create(at: directory.appendingPathComponent("ledger.sqlite").path, currency: .usd, timeZone: "UTC",
                                   environment: .deterministic(startingAt: 1_795_262_400_000, seed: 5, actor: "tester"))
        try ledger.record(.addCategory(.init(name: "fuel")))
    }

    override func tearDownWithError() throws {
        ledger = nil
        try? FileManager.default.removeItem(at: directory)
    }

    func testUncategorisedSpendingRowsTakeAConfidentSuggestion() throws {
        let csv = directory.appendingPathComponent("statement.csv").path
        let rules = directory.appendingPathComponent("bank.rules").path
        try """
            Date,Description,Amount
            2026-11-01,Employer payroll,2500.00
            2026-11-02,CORNER SHOP 123,-12.50
            2026-11-03,POS SHELL 0423 KUALA LUMPUR,-45.00
            2026-11-04,TESCO EXTRA #12,-30.25
            2026-11-05,Mystery Vendor 9,-7.00
            2026-11-06,Refund SHELL 0423,5.00
            """.write(toFile: csv, atomically: true, encoding: .utf8)
        try """
            skip 1
            fields date, description, amount
            currency USD
            account1 assets:bank
            if CORNER SHOP
              account2 expenses:groceries
            if payroll
              account2 income:salary
            """.write(toFile: rules, atomically: true, encoding: .utf8)
        let report = try CSVImporter.importStatement(path: csv, rules: try CSVRules.read(path: rules), into: ledger)
        XCTAssertEqual(report.appended, 6)
        XCTAssertEqual(try ledger.balances().accounts.map { "\($0.account) \($0.amount.decimalString)" }, [
            "assets:bank 2410.25", "expenses:fuel 45.00", "expenses:groceries 42.75", "expenses:unknown 7.00",
            "income:salary -2500.00", "income:unknown -5.00",
        ], "the refund is not spending, and nothing knows the mystery vendor")

        let names = Dictionary(uniqueKeysWithValues: try ledger.accounts().map { ($0.account.id, $0.account.name.rawValue) })
        let suggestions = try ledger.events().compactMap { envelope -> String? in
            guard let suggestion = try envelope.event().suggestion else { return nil }
            return "\(suggestion.accountID.flatMap { names[$0] } ?? "-") \(suggestion.confidenceBasisPoints)"
        }
        XCTAssertEqual(suggestions, ["expenses:fuel 6500", "expenses:groceries 6500", "- 0"],
                       "only the three uncategorised spending rows asked; a rule's category is never second-guessed")
        let stats = try ledger.appliedSuggestionStats()
        XCTAssertEqual([stats.consulted, stats.applied], [3, 2])

        let head = try ledger.head()
        XCTAssertEqual(try CSVImporter.importStatement(path: csv, rules: try CSVRules.read(path: rules), into: ledger).appended, 0)
        XCTAssertEqual(try ledger.head(), head)
        XCTAssertEqual(try ledger.replayDifferences(), [])
    }
}
