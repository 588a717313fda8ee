import Foundation
import KakeiboDomain
@testable import KakeiboInterop
import KakeiboLedger
import XCTest

/// Bank statements through rules: three layouts, overlapping statements, identical rows, formulas.
final class CSVImportTests: XCTestCase {
    var directory: URL!
    var ledger: Ledger!

    static let csv = Tools.fixtures.deletingLastPathComponent().appendingPathComponent("csv")
    static func csv(_ name: String) -> String { csv.appendingPathComponent(name).path }

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-csv-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        ledger = try Ledger.create(at: directory.appendingPathComponent("ledger.sqlite").path, currency: .usd, timeZone: "UTC",
                                   environment: .deterministic(startingAt: 1_795_262_400_000, seed: 5, actor: "tester"))
    }

    override func tearDownWithError() throws {
        ledger = nil
        try? FileManager.default.removeItem(at: directory)
    }

    @discardableResult
    func importCSV(_ file: String, rules: String) throws -> CSVImportReport {
        try CSVImporter.importStatement(path: Self.csv(file), rules: try CSVRules.read(path: Self.csv(rules)), into: ledger)
    }

    func balances() throws -> [String] {
        try ledger.balances().accounts.map { "\($0.account),\($0.amount.currency.code),\($0.amount.decimalString)" }
    }

    func testSignedAmountsWithPayeeRulesAndIdenticalRows() throws {
        let report = try importCSV("bank-a.csv", rules: "bank-a.rules")
        XCTAssertEqual(report.rows, 5)
        XCTAssertEqual(report.appended, 5, "the two identical coffees both stay")
        XCTAssertEqual(try balances(), [
            "assets:bank:a,USD,1578.50", "expenses:dining,USD,9.00", "expenses:groceries,USD,12.50", "expenses:rent,USD,900.00",
            "income:salary,USD,-2500.00",
        ])
        let events = try ledger.events().filter { $0.type == "TransactionRecorded" }
        XCTAssertEqual(events.map(\.source.rawValue), Array(repeating: "csv-import", count: 5))
        XCTAssertEqual(events.first?.provenance, "\(Self.csv("bank-a.csv")):2")

        let head = try ledger.head()
        let again = try importCSV("bank-a.csv", rules: "bank-a.rules")
        XCTAssertEqual(again.appended, 0)
        XCTAssertEqual(again.alreadyRecorded, 5)
        XCTAssertEqual(try ledger.head(), head)
    }

    func testSemicolonsDecimalCommaAndDayMonthDates() throws {
        try importCSV("bank-b.csv", rules: "bank-b.rules")
        XCTAssertEqual(try balances(), [
            "assets:bank:b,EUR,2074.23", "expenses:groceries,EUR,45.67", "expenses:unknown,EUR,1080.10", "income:salary,EUR,-3200.00",
        ])
        let register = try ledger.register(account: "expenses:groceries")
        XCTAssertEqual(register.entries.first?.posted.date.description, "2026-11-02")
        XCTAssertEqual(register.entries.first?.posted.payee, "REWE Markt")
    }

    func testDebitCreditColumnsOverlapAndFormulasKeptAsText() throws {
        try importCSV("bank-c.csv", rules: "bank-c.rules")
        let overlap = try importCSV("bank-c-overlap.csv", rules: "bank-c.rules")
        XCTAssertEqual(overlap.appended, 1, "only the bookshop is new")
        XCTAssertEqual(overlap.alreadyRecorded, 1)
        XCTAssertEqual(try balances(), [
            "expenses:car,USD,40.25", "expenses:unknown,USD,25.00", "income:unknown,USD,-25.00", "liabilities:card:c,USD,-40.25",
        ])
        let payees = try ledger.register(account: "liabilities:card:c").entries.map { $0.posted.payee ?? "" }
        XCTAssertEqual(payees, ["=HYPERLINK(\"http://evil\",\"x\")", "Refund from shop", "Gas, \"Station\" 7", "Bookshop"],
                       "a formula-looking cell is text, never evaluated")
    }

    func testChangedRulesDoNotDuplicateOrConflict() throws {
        try importCSV("bank-c.csv", rules: "bank-c.rules")
        let rules = directory.appendingPathComponent("changed.rules").path
        try (try String(contentsOfFile: Self.csv("bank-c.rules"), encoding: .utf8) + "if Bookshop\n  account2 expenses:books\n")
            .write(toFile: rules, atomically: true, encoding: .utf8)
        let report = try CSVImporter.importStatement(path: Self.csv("bank-c-overlap.csv"), rules: try CSVRules.read(path: rules), into: ledger)
        XCTAssertEqual(report.appended, 1)
        XCTAssertTrue(try balances().contains("expenses:books,USD,15.00"))
    }

    func testMalformedRowsAndRulesNameTheirPlaceAndAppendNothing() throws {
        try importCSV("bank-a.csv", rules: "bank-a.rules")
        let head = try ledger.head()
        let cases: [(String, String, String)] = [
            ("Date,Description,Amount,Balance\n2026-11-05,Shop,=1+2,0\n", "2:17", "found \"=\""),
            ("Date,Description,Amount,Balance\n2026-13-05,Shop,-1.00,0\n", "2:1", "invalid date"),
            ("Date,Description,Amount,Balance\n2026-11-05,Shop\n", "2:1", "expected 4 fields"),
            ("Date,Description,Amount,Balance\n2026-11-05,\"Shop,-1.00,0\n", "2:12", "closing quote"),
            ("Date,Description,Amount,Balance\n2026-11-05,Sh\u{07}op,-1.00,0\n", "2:14", "control character U+0007"),
            ("Date,Description,Amount,Balance\n2026-11-05,Shop,-1.00,0\n2026-11-06,Shop,0.00,0\n", "3:17", "zero amount"),
        ]
        for (text, place, phrase) in cases {
            let path = directory.appendingPathComponent("bad.csv").path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            XCTAssertThrowsError(try CSVImporter.importStatement(path: path, rules: try CSVRules.read(path: Self.csv("bank-a.rules")),
                                                                 into: ledger)) { error in
                XCTAssertTrue("\(error)".hasPrefix("\(path):\(place): "), "\(text.debugDescription): \(error)")
                XCTAssertTrue("\(error)".contains(phrase), "\(error)")
            }
            XCTAssertEqual(try ledger.head(), head)
        }
        let ruleCases: [(String, String)] = [
            ("fields date, amount\naccount1 assets:x\nnewest-first\n", "3:1"),
            ("fields date, amount\naccount1 assets:x\ndate-format %d %B %Y\n", "3:13"),
            ("fields date, wat, amount\naccount1 assets:x\n", "1:8"),
            ("fields date, amount\naccount1 assets:x\nif x\n  account2 %description\n", "4:12"),
            ("fields date, amount\n", "1:1"),
            ("fields date, amount\naccount1 assets:x\nif\n  account2 expenses:y\n", "3:1"),
        ]
        for (text, place) in ruleCases {
            XCTAssertThrowsError(try CSVRules.parse(text, file: "r.rules"), text) { error in
                XCTAssertTrue("\(error)".hasPrefix("r.rules:\(place): "), "\(text.debugDescription): \(error)")
            }
        }
    }
}
