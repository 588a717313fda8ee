import Foundation
import KakeiboDomain
@testable import KakeiboInterop
import KakeiboLedger
import XCTest

/// `StatementImporter` against a ledger: each fixture imports whole, re-import appends nothing, an
/// overlapping statement appends only its new transactions, the rules pick categories, and every
/// refusal leaves the log as it was.
final class StatementImportTests: XCTestCase {
    var directory: URL!
    var ledger: Ledger!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-statement-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        ledger = try Ledger.create(at: directory.appendingPathComponent("ledger.sqlite").path, currency: .usd, timeZone: "UTC",
                                   environment: .deterministic(startingAt: 1_795_262_400_000, seed: 5, actor: "tester"))
    }

    override func tearDownWithError() throws {
        ledger = nil
        try? FileManager.default.removeItem(at: directory)
    }

    @discardableResult
    func importFiles(_ names: [String], account: String, rules: CSVRules? = nil) throws -> StatementImportReport {
        try StatementImporter.importStatements(paths: names.map(StatementReaderTests.path),
                                               options: .init(account: account, rules: rules), into: ledger)
    }

    func balance(_ account: String) throws -> String? {
        try ledger.balances().accounts.first { $0.account.rawValue == account }.map { $0.amount.description }
    }

    func testEachFixtureImportsWholeAndAgainAppendsNothing() throws {
        let cases: [(file: String, account: String, count: Int, balance: String)] = [
            ("checking-2026-01.ofx", "assets:checking", 4, "1232.07 USD"),
            ("card-2026-02.qfx", "liabilities:card", 3, "353.60 USD"),
            ("checking-2026-03.qif", "assets:checkingq", 5, "1122.85 USD"),
            ("card-2026-03-utf16.qif", "liabilities:cardq", 3, "342.01 USD"),
            ("giro-2026-04.camt053.xml", "assets:giro", 5, "1195.50 EUR"),
            ("giro-2026-06.mt940", "assets:giro6", 4, "1180.01 EUR"),
        ]
        for item in cases {
            let first = try importFiles([item.file], account: item.account)
            XCTAssertEqual(first.appended, item.count, item.file)
            XCTAssertEqual(try balance(item.account), item.balance, item.file)
            let head = try ledger.head()
            let again = try importFiles([item.file], account: item.account)
            XCTAssertEqual(again.appended, 0, item.file)
            XCTAssertEqual(again.alreadyRecorded, item.count, item.file)
            XCTAssertEqual(try ledger.head(), head, "re-importing \(item.file) appended something")
        }
    }

    func testAnOverlappingStatementAppendsOnlyItsNewTransactions() throws {
        XCTAssertEqual(try importFiles(["checking-2026-01.ofx"], account: "assets:checking").appended, 4)
        let second = try importFiles(["checking-2026-01-02.ofx"], account: "assets:checking")
        XCTAssertEqual(second.appended, 2)
        XCTAssertEqual(second.alreadyRecorded, 1)
        XCTAssertEqual(try balance("assets:checking"), "3332.07 USD")
        let closing = try XCTUnwrap(second.files[0].closingBalance)
        XCTAssertEqual(closing.statement, closing.ledger, "the ledger agrees with the statement's closing balance")
    }

    func testTwoIdenticalRecordsWithoutIDsBothStayAndReimportKeepsThem() throws {
        try importFiles(["checking-2026-03.qif"], account: "assets:checking")
        let market = try ledger.transactions().filter { $0.payee == "FARMERS MARKET" }
        XCTAssertEqual(market.count, 2)
        XCTAssertEqual(try importFiles(["checking-2026-03.qif"], account: "assets:checking").appended, 0)
    }

    func testRulesPickCategoriesAndRewritePayees() throws {
        let rules = try CSVRules.parse("""
            account2 expenses:misc
            if PAYROLL
              account2 income:salary
            if Maple Court
              account2 expenses:rent
              description Rent
            """, file: "bank.rules", statement: true)
        try importFiles(["checking-2026-01.ofx"], account: "assets:checking", rules: rules)
        let balances = try ledger.balances().accounts.map { "\($0.account) \($0.amount)" }
        XCTAssertEqual(balances, ["assets:checking 1232.07 USD", "expenses:misc 67.93 USD", "expenses:rent 1200.00 USD",
                                  "income:salary -2500.00 USD"])
        XCTAssertTrue(try ledger.transactions().contains { $0.payee == "Rent" })
    }

    func testAStatementInAnotherCurrencyIsRefusedAndNothingIsAppended() throws {
        try importFiles(["checking-2026-01.ofx"], account: "assets:checking")
        // The ledger keeps USD; a EUR account's unknown categories get their own accounts.
        try importFiles(["giro-2026-04.camt053.xml"], account: "assets:giro")
        XCTAssertEqual(try balance("expenses:unknown:EUR"), "1254.50 EUR")
        let afterGiro = try ledger.head()
        XCTAssertThrowsError(try importFiles(["checking-usd.mt940"], account: "assets:giro")) { error in
            XCTAssertEqual("\(error)", "\(StatementReaderTests.path("checking-usd.mt940")):1:1: the statement is in USD but assets:giro holds EUR; "
                           + "import it into an account in USD")
        }
        XCTAssertEqual(try ledger.head(), afterGiro)
    }

    func testAMalformedFileAmongSeveralAppendsNothing() throws {
        let head = try ledger.head()
        XCTAssertThrowsError(try importFiles(["checking-2026-01.ofx", "truncated.ofx"], account: "assets:checking"))
        XCTAssertEqual(try ledger.head(), head)
    }
}
