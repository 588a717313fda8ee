import Foundation
import XCTest

/// Issue 16, golden: `balance`, `register`, `incomestatement` and `balancesheet` with periods, depth, queries and
/// period columns, on a small journal imported with `kakeibo import journal` (numbers checked against hledger 1.25;
/// HledgerReportAgreementTests compares the two on a generated journal). The clock is 2026-11-21.
final class PeriodReportCommandTests: KakeiboCLITestCase {
    static let journal = """
        2026-09-28 Opening
            assets:bank:checking    $1000.00
            equity:opening

        2026-10-02 Green Grocer | weekly shop
            expenses:food:groceries    $45.10
            assets:bank:checking

        2026-10-15 Cafe
            expenses:food:coffee    $4.50
            liabilities:visa

        2026-10-20 Bistro
            expenses:food:dining    €30.00
            assets:bank:euro

        2026-10-31 ACME | salary
            assets:bank:checking    $2500.00
            income:salary

        2026-11-03 Green Grocer
            expenses:food:groceries    $120.00
            assets:bank:checking

        2026-11-20 Landlord | rent
            expenses:rent    $900.00
            assets:bank:checking

        """

    func importedLedger() throws {
        try ok("init", "--currency", "USD", "--timezone", "UTC")
        let path = sandbox.path("books.journal")
        try Self.journal.write(toFile: path, atomically: true, encoding: .utf8)
        try ok("import", "journal", path)
    }

    func testMonthlyColumnsInCSV() throws {
        try importedLedger()
        XCTAssertEqual(try ok("balance", "-M", "--format", "csv").out, """
            account,currency,2026-09,2026-10,2026-11
            assets:bank:checking,USD,1000.00,2454.90,-1020.00
            assets:bank:euro,EUR,0.00,-30.00,0.00
            equity:opening,USD,-1000.00,0.00,0.00
            expenses:food:coffee,USD,0.00,4.50,0.00
            expenses:food:dining,EUR,0.00,30.00,0.00
            expenses:food:groceries,USD,0.00,45.10,120.00
            expenses:rent,USD,0.00,0.00,900.00
            income:salary,USD,0.00,-2500.00,0.00
            liabilities:visa,USD,0.00,-4.50,0.00
            """)
    }

    func testWeeklyColumnsAreISOWeeksAndAPatternSelectsAccounts() throws {
        try importedLedger()
        XCTAssertEqual(try ok("balance", "-W", "-p", "2026-10", "FOOD", "--format", "csv").out, """
            account,currency,2026-W40,2026-W41,2026-W42,2026-W43,2026-W44
            expenses:food:coffee,USD,0.00,0.00,4.50,0.00,0.00
            expenses:food:dining,EUR,0.00,0.00,0.00,30.00,0.00
            expenses:food:groceries,USD,45.10,0.00,0.00,0.00,0.00
            """)
    }

    func testQuarterlyColumnsInJSON() throws {
        try importedLedger()
        let object = try ok("balance", "-Q", "euro", "--format", "json").jsonObject()
        XCTAssertEqual(object["periods"] as? [String], ["2026-Q4"])
        let rows = try XCTUnwrap(object["rows"] as? [[String: Any]])
        XCTAssertEqual(rows.count, 1)
        XCTAssertEqual(rows.first?["account"] as? String, "assets:bank:euro")
        XCTAssertEqual(rows.first?["amounts"] as? [String], ["-30.00"])
    }

    func testDepthAndEndAsATree() throws {
        try importedLedger()
        XCTAssertEqual(try ok("balance", "--depth", "2", "-e", "2026-11-01").out, """
            account       balance  currency
            -----------  --------  --------
            assets         -30.00  EUR
            assets        3454.90  USD
              bank         -30.00  EUR
              bank        3454.90  USD
            equity       -1000.00  USD
              opening    -1000.00  USD
            expenses        30.00  EUR
            expenses        49.60  USD
              food          30.00  EUR
              food          49.60  USD
            income       -2500.00  USD
              salary     -2500.00  USD
            liabilities     -4.50  USD
              visa          -4.50  USD
            total            0.00  EUR
            total            0.00  USD
            """)
    }

    func testBeginWithAsOfAndAtPosition() throws {
        try importedLedger()
        XCTAssertEqual(try ok("balance", "--as-of", "2026-10-15", "-b", "2026-10-01", "--format", "csv").out, """
            account,currency,amount
            assets:bank:checking,USD,-45.10
            expenses:food:coffee,USD,4.50
            expenses:food:groceries,USD,45.10
            liabilities:visa,USD,-4.50
            """, "-b with --as-of: from Oct 1 to Oct 15 inclusive")
        XCTAssertEqual(try ok("balance", "-b", "2026-10-01", "--at-position", "3", "--format", "csv").out, "account,currency,amount",
                       "position 3: accounts opened, nothing posted yet")
    }

    func testPayeeDescriptionAndAmountTerms() throws {
        try importedLedger()
        XCTAssertEqual(try ok("balance", "payee:grocer", "expenses", "--format", "csv").out, """
            account,currency,amount
            expenses:food:groceries,USD,165.10
            """)
        XCTAssertEqual(try ok("balance", "desc:shop", "--format", "csv").out, """
            account,currency,amount
            assets:bank:checking,USD,-45.10
            expenses:food:groceries,USD,45.10
            """, "desc: sees the note after |")
        XCTAssertEqual(try ok("balance", "amt:>100", "not:assets", "not:equity", "not:income", "--format", "csv").out, """
            account,currency,amount
            expenses:food:groceries,USD,120.00
            expenses:rent,USD,900.00
            """)
        XCTAssertEqual(try ok("balance", "amt:<-100", "--format", "csv").out, """
            account,currency,amount
            assets:bank:checking,USD,-1020.00
            equity:opening,USD,-1000.00
            income:salary,USD,-2500.00
            """, "a signed number compares signed amounts, as hledger")
    }

    func testRegisterByCategoryNameAndRelativePeriod() throws {
        try importedLedger()
        XCTAssertEqual(try ok("register", "groceries", "--format", "csv").stdoutLines.map { line in
            line.split(separator: ",", omittingEmptySubsequences: false).enumerated().filter { $0.offset != 1 }.map(\.element).joined(separator: ",")
        }, [
            "date,payee,account,currency,amount,balance",
            "2026-10-02,Green Grocer,expenses:food:groceries,USD,45.10,45.10",
            "2026-11-03,Green Grocer,expenses:food:groceries,USD,120.00,165.10",
        ])
        XCTAssertEqual(try ok("register", "-p", "last month", "expenses:food", "--format", "csv").stdoutLines.count, 4,
                       "October: header and three food postings")
        XCTAssertEqual(try ok("register", "-b", "yesterday", "--format", "csv").stdoutLines.count, 3, "the rent, on 2026-11-20")
    }

    func testIncomeStatementTable() throws {
        try importedLedger()
        XCTAssertEqual(try ok("is").out, """
            account                    currency   amount
            -------------------------  --------  -------
            Revenues
              income:salary            USD       2500.00
              total                    USD       2500.00
            Expenses
              expenses:food:coffee     USD          4.50
              expenses:food:dining     EUR         30.00
              expenses:food:groceries  USD        165.10
              expenses:rent            USD        900.00
              total                    EUR         30.00
              total                    USD       1069.60
            net                        EUR        -30.00
            net                        USD       1430.40
            """)
        XCTAssertEqual(try ok("incomestatement", "--format", "csv").out, try ok("is", "--format", "csv").out)
    }

    func testBalanceSheetMonthlyIsHistorical() throws {
        try importedLedger()
        XCTAssertEqual(try ok("bs", "-M", "-b", "2026-10-01", "--format", "csv").out, """
            section,account,currency,2026-10,2026-11
            assets,assets:bank:checking,USD,3454.90,2434.90
            assets,assets:bank:euro,EUR,-30.00,-30.00
            assets,total,EUR,-30.00,-30.00
            assets,total,USD,3454.90,2434.90
            liabilities,liabilities:visa,USD,4.50,4.50
            liabilities,total,USD,4.50,4.50
            equity,equity:opening,USD,1000.00,1000.00
            equity,total,USD,1000.00,1000.00
            net,net,EUR,-30.00,-30.00
            net,net,USD,3450.40,2430.40
            """, "closing balances, counting the opening before -b")
        XCTAssertEqual(try ok("balancesheet", "--format", "csv").out, try ok("bs", "--format", "csv").out)
    }

    func testVersionNamesTheProgramAndTheSchema() throws {
        let result = try ok("--version")
        XCTAssertTrue(result.out.hasPrefix("kakeibo "), result.out)
        // The schema is the number of the last migration; another branch may add one.
        XCTAssertNotNil(result.out.wholeMatch(of: /kakeibo \d+\.\d+\.\d+ \(ledger schema \d+\)/), result.out)
    }

    func testHledgerAbbreviationsAndAGuessForAMisspeltCommand() throws {
        try importedLedger()
        XCTAssertEqual(try ok("bal", "-Y", "--format", "csv").out, try ok("balance", "-Y", "--format", "csv").out)
        XCTAssertEqual(try ok("reg", "rent", "--format", "csv").out, try ok("register", "rent", "--format", "csv").out)
        assertFailure(try kakeibo("balanse"), mentioning: ["did you mean balance?"])
        let unrelated = try kakeibo("foo")
        XCTAssertNotEqual(unrelated.exitCode, 0)
        XCTAssertFalse(unrelated.stderr.contains("did you mean"), "\(unrelated)")
    }
}
