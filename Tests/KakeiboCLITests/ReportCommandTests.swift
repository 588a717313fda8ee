import Foundation
import XCTest

/// `balance`, `register`, `account list`, `category list`, with `--as-of` and `--at-position`.
final class ReportCommandTests: KakeiboCLITestCase {
    func testBalanceCSVAfterTheStandardSequence() throws {
        try recordStandardScenario()
        let result = try ok("balance", "--format", "csv")
        XCTAssertEqual(result.stdout, """
            account,currency,amount
            assets:checking,USD,2387.50
            expenses:groceries,USD,12.50
            income:salary,USD,-2500.00
            liabilities:visa,USD,100.00

            """, "exact bytes, one trailing newline")
    }

    func testBalanceCSVOnAnEmptyLedgerIsTheHeaderOnly() throws {
        try initialisedLedger()
        XCTAssertEqual(try balanceCSV(), "account,currency,amount", "accounts without a balance have no row")
    }

    func testBalanceAsOf() throws {
        try standardLedger()
        XCTAssertEqual(try balanceCSV("--as-of", "2026-11-01"), """
            account,currency,amount
            assets:checking,USD,2500.00
            income:salary,USD,-2500.00
            """, "only the income is dated on or before 2026-11-01")
        XCTAssertEqual(try balanceCSV("--as-of", "2026-11-02"), """
            account,currency,amount
            assets:checking,USD,2487.50
            expenses:groceries,USD,12.50
            income:salary,USD,-2500.00
            """)
        XCTAssertEqual(try balanceCSV("--as-of", "2026-10-31"), "account,currency,amount")
        XCTAssertEqual(try balanceCSV("--as-of", "2026-11-03"), try balanceCSV())
    }

    func testBalanceAtPositionShowsTheLedgerAsItWas() throws {
        let txn = try standardLedger().expense
        try ok("edit", txn, "--amount", "13.00", "--reason", "typo")     // position 10
        try ok("void", txn, "--reason", "duplicate")                      // position 11

        XCTAssertEqual(try balanceCSV("--at-position", "9"), """
            account,currency,amount
            assets:checking,USD,2387.50
            expenses:groceries,USD,12.50
            income:salary,USD,-2500.00
            liabilities:visa,USD,100.00
            """, "before the edit: 12.50")
        XCTAssertEqual(try balanceCSV("--at-position", "10"), """
            account,currency,amount
            assets:checking,USD,2387.00
            expenses:groceries,USD,13.00
            income:salary,USD,-2500.00
            liabilities:visa,USD,100.00
            """, "after the edit, before the void: 13.00")
        XCTAssertEqual(try balanceCSV("--at-position", "11"), try balanceCSV())
        XCTAssertEqual(try balanceCSV("--at-position", "7"), """
            account,currency,amount
            assets:checking,USD,-12.50
            expenses:groceries,USD,12.50
            """, "only the expense had been recorded at position 7")
        XCTAssertEqual(try balanceCSV("--at-position", "1"), "account,currency,amount")
        XCTAssertEqual(try balanceCSV("--at-position", "10", "--as-of", "2026-11-02"), """
            account,currency,amount
            assets:checking,USD,2487.00
            expenses:groceries,USD,13.00
            income:salary,USD,-2500.00
            """, "both scopes together")
    }

    func testBalanceCSVWithSeveralCurrencies() throws {
        try initialisedLedger()
        try ok("account", "open", "assets:euro", "--type", "asset", "--currency", "EUR")
        try ok("account", "open", "equity:opening", "--type", "equity", "--currency", "EUR")
        try ok("account", "open", "assets:yen", "--type", "asset", "--currency", "JPY")
        try ok("account", "open", "equity:jp", "--type", "equity", "--currency", "JPY")
        try record("transfer", "50", "--from", "equity:opening", "--to", "assets:euro", "--date", "2026-11-01")
        try record("transfer", "1000", "--from", "equity:jp", "--to", "assets:yen", "--date", "2026-11-01")
        try record("income", "20", "--to", "assets:checking", "--from", "income:salary", "--date", "2026-11-01")
        // JPY has no minor digits; rows sorted by account name.
        XCTAssertEqual(try balanceCSV(), """
            account,currency,amount
            assets:checking,USD,20.00
            assets:euro,EUR,50.00
            assets:yen,JPY,1000
            equity:jp,JPY,-1000
            equity:opening,EUR,-50.00
            income:salary,USD,-20.00
            """)
        let totals = try ok("balance", "--format", "json").jsonObject()["totals"] as? [[String: Any]]
        XCTAssertEqual(totals?.map { "\($0["amount"] as? String ?? "?") \($0["currency"] as? String ?? "?")" },
                       ["0.00 EUR", "0 JPY", "0.00 USD"])
    }

    func testBalanceTableIsATreeWithRollUps() throws {
        try standardLedger()
        XCTAssertEqual(try ok("balance").out, """
            account       balance  currency
            -----------  --------  --------
            assets        2387.50  USD
              checking    2387.50  USD
            expenses        12.50  USD
              groceries     12.50  USD
            income       -2500.00  USD
              salary     -2500.00  USD
            liabilities    100.00  USD
              visa         100.00  USD
            total            0.00  USD
            """)
    }

    func testBalanceJSON() throws {
        try standardLedger()
        let object = try ok("balance", "--format", "json", "--as-of", "2026-11-01").jsonObject()
        let accounts = try XCTUnwrap(object["accounts"] as? [[String: Any]])
        XCTAssertEqual(accounts.map { $0["account"] as? String }, ["assets:checking", "income:salary"])
        XCTAssertEqual(accounts.map { $0["amount"] as? String }, ["2500.00", "-2500.00"])
        XCTAssertEqual(accounts.map { $0["type"] as? String }, ["asset", "income"])
        let totals = try XCTUnwrap(object["totals"] as? [[String: Any]])
        XCTAssertEqual(totals.count, 1)
        XCTAssertEqual(totals.first?["amount"] as? String, "0.00")
        XCTAssertEqual(totals.first?["currency"] as? String, "USD")
        XCTAssertEqual(object["asOf"] as? String, "2026-11-01")
        XCTAssertTrue(object["atPosition"] is NSNull)
    }

    func testRegisterRunningBalance() throws {
        let ids = try standardLedger()
        XCTAssertEqual(try ok("register", "assets:checking", "--format", "csv").out, """
            date,id,payee,account,currency,amount,balance
            2026-11-01,\(ids.income),,assets:checking,USD,2500.00,2500.00
            2026-11-02,\(ids.expense),Corner Shop,assets:checking,USD,-12.50,2487.50
            2026-11-03,\(ids.transfer),,assets:checking,USD,-100.00,2387.50
            """, "in date order, not recording order")

        XCTAssertEqual(try ok("register", "assets:checking").out, """
            date        id        payee        account               amount      balance
            ----------  --------  -----------  ---------------  -----------  -----------
            2026-11-01  \(ids.income.suffix(8))               assets:checking  2500.00 USD  2500.00 USD
            2026-11-02  \(ids.expense.suffix(8))  Corner Shop  assets:checking   -12.50 USD  2487.50 USD
            2026-11-03  \(ids.transfer.suffix(8))               assets:checking  -100.00 USD  2387.50 USD
            """)

        let json = try ok("register", "assets:checking", "--format", "json").jsonArray()
        XCTAssertEqual(json.map { $0["balance"] as? String }, ["2500.00", "2487.50", "2387.50"])
        XCTAssertEqual(json.map { $0["id"] as? String }, [ids.income, ids.expense, ids.transfer])
        XCTAssertEqual(json[1]["payee"] as? String, "Corner Shop")
        XCTAssertTrue(json[0]["payee"] is NSNull)
    }

    func testRegisterFollowsEditsVoidsAndScopes() throws {
        let ids = try standardLedger()
        try ok("edit", ids.expense, "--amount", "13.00", "--reason", "typo")
        XCTAssertEqual(try ok("register", "assets:checking", "--format", "csv").out, """
            date,id,payee,account,currency,amount,balance
            2026-11-01,\(ids.income),,assets:checking,USD,2500.00,2500.00
            2026-11-02,\(ids.expense),Corner Shop,assets:checking,USD,-13.00,2487.00
            2026-11-03,\(ids.transfer),,assets:checking,USD,-100.00,2387.00
            """)
        try ok("void", ids.expense, "--reason", "duplicate")
        XCTAssertEqual(try ok("register", "assets:checking", "--format", "csv").out, """
            date,id,payee,account,currency,amount,balance
            2026-11-01,\(ids.income),,assets:checking,USD,2500.00,2500.00
            2026-11-03,\(ids.transfer),,assets:checking,USD,-100.00,2400.00
            """)
        XCTAssertEqual(try ok("register", "assets:checking", "--format", "csv", "--at-position", "9").out, """
            date,id,payee,account,currency,amount,balance
            2026-11-01,\(ids.income),,assets:checking,USD,2500.00,2500.00
            2026-11-02,\(ids.expense),Corner Shop,assets:checking,USD,-12.50,2487.50
            2026-11-03,\(ids.transfer),,assets:checking,USD,-100.00,2387.50
            """)
        XCTAssertEqual(try ok("register", "assets:checking", "--format", "csv", "--as-of", "2026-11-02").out, """
            date,id,payee,account,currency,amount,balance
            2026-11-01,\(ids.income),,assets:checking,USD,2500.00,2500.00
            """)
    }

    func testRegisterOfAParentIncludesItsChildren() throws {
        let ids = try standardLedger()
        try ok("category", "add", "household")
        let split = try record("txn", "--date", "2026-11-04", "--payee", "Market",
                               "--posting", "expenses:household=2.50", "--posting", "assets:checking")
        XCTAssertEqual(try ok("register", "expenses", "--format", "csv").out, """
            date,id,payee,account,currency,amount,balance
            2026-11-02,\(ids.expense),Corner Shop,expenses:groceries,USD,12.50,12.50
            2026-11-04,\(split),Market,expenses:household,USD,2.50,15.00
            """)
        // A name that merely starts with the same letters is not a child.
        try ok("account", "open", "expensesx:misc", "--type", "expense")
        try record("expense", "1", "--from", "assets:checking", "--category", "expensesx:misc", "--date", "2026-11-04")
        XCTAssertEqual(try ok("register", "expenses", "--format", "csv").stdoutLines.count, 3)
    }

    /// Account names are case-sensitive (`Expenses:Travel` and `expenses:travel` are two accounts),
    /// so the register of the account `expenses` must not pick up `Expenses:…`; `EXPENSES` names no account,
    /// so it is a pattern, case-insensitive as in hledger (issue 16), and matches both.
    func testRegisterMatchesAccountNamesCaseSensitively() throws {
        try initialisedLedger()
        try ok("account", "open", "Expenses:Travel", "--type", "expense")
        let groceries = try record("expense", "1", "--from", "assets:checking", "--category", "groceries", "--date", "2026-11-02")
        try record("expense", "9", "--from", "assets:checking", "--category", "Expenses:Travel", "--date", "2026-11-02")
        XCTAssertEqual(try ok("register", "expenses", "--format", "csv").out, """
            date,id,payee,account,currency,amount,balance
            2026-11-02,\(groceries),,expenses:groceries,USD,1.00,1.00
            """)
        XCTAssertEqual(try ok("register", "EXPENSES", "--format", "csv").stdoutLines.count, 3)
        assertFailure(try kakeibo("register", "TRAVELS"), mentioning: ["no account \"TRAVELS\" and none under it"])
    }

    func testCSVCellsThatLookLikeFormulasAreNeutralised() throws {
        try initialisedLedger()
        let id = try record("expense", "7", "--from", "assets:checking", "--category", "groceries",
                            "--payee", "=HYPERLINK(\"x\")", "--date", "2026-11-07")
        XCTAssertEqual(try ok("register", "expenses:groceries", "--format", "csv").out, """
            date,id,payee,account,currency,amount,balance
            2026-11-07,\(id),"'=HYPERLINK(""x"")",expenses:groceries,USD,7.00,7.00
            """)
    }

    func testAccountListShowsStatusAndBalances() throws {
        try standardLedger()
        try ok("account", "open", "assets:old", "--type", "asset")
        XCTAssertEqual(try ok("account", "close", "assets:old").out, "closed assets:old")
        let listing = try ok("account", "list", "--format", "json").jsonArray()
        func entry(_ name: String) -> [String: Any]? { listing.first { $0["name"] as? String == name } }
        XCTAssertEqual(entry("assets:old")?["status"] as? String, "closed")
        XCTAssertEqual(entry("assets:checking")?["status"] as? String, "open")
        let balances = entry("assets:checking")?["balances"] as? [[String: Any]]
        XCTAssertEqual(balances?.map { $0["amount"] as? String }, ["2387.50"])
        XCTAssertEqual(balances?.map { $0["currency"] as? String }, ["USD"])

        let categories = try ok("category", "list", "--format", "csv")
        // income:salary, opened with `account open`, is used as a category and listed as one.
        XCTAssertEqual(categories.stdoutLines.count, 3, "header, groceries and salary: \(categories)")
        XCTAssertTrue(categories.stdoutLines[1].hasPrefix("expenses:groceries,expense,USD,open,Groceries,"), "\(categories)")
        XCTAssertTrue(categories.stdoutLines[2].hasPrefix("income:salary,income,USD,open,Salary,"), "\(categories)")
    }
}
