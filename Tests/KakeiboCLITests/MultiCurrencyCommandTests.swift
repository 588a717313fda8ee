import Foundation
import XCTest

/// `price`, `expense 42.50 EUR`, `transfer --cost` and `balance --value` as a user runs them (issue 17).
final class MultiCurrencyCommandTests: KakeiboCLITestCase {
    func testPricesForeignExpensesConversionsAndValuation() throws {
        try ok("init", "--currency", "USD")
        try ok("account", "open", "assets:checking")
        try ok("account", "open", "assets:wise:eur", "--currency", "EUR")
        try ok("account", "open", "income:salary")
        try ok("category", "add", "food")
        try ok("income", "3000", "--to", "assets:checking", "--from", "income:salary", "--date", "2026-01-02")
        try ok("transfer", "545.00", "--from", "assets:checking", "--to", "assets:wise:eur", "--rate", "0.9174311927",
               "--date", "2026-01-04")
        // The form: an amount in EUR out of the euro account, its total cost in USD into checking.
        try ok("transfer", "100", "EUR", "--from", "assets:wise:eur", "--to", "assets:checking", "--cost", "110.00",
               "--date", "2026-01-05")
        try ok("expense", "42.50", "EUR", "--from", "assets:wise:eur", "--category", "food", "--date", "2026-01-06")
        try ok("price", "EUR", "1.08", "--date", "2026-01-01")
        try ok("price", "EUR", "1.10", "--date", "2026-02-01")
        XCTAssertEqual(try balanceCSV(), """
            account,currency,amount
            assets:checking,USD,2565.00
            assets:wise:eur,EUR,357.50
            equity:conversion:EUR-USD:EUR,EUR,-400.00
            equity:conversion:EUR-USD:USD,USD,435.00
            expenses:food,EUR,42.50
            income:salary,USD,-3000.00
            """)
        XCTAssertEqual(try ok("balance", "--value", "USD", "--as-of", "2026-02-28", "--format", "csv").out, """
            account,currency,amount,price_date
            assets:checking,USD,2565.00,
            assets:wise:eur,USD,393.25,2026-02-01
            equity:conversion:EUR-USD:EUR,USD,-440.00,2026-02-01
            equity:conversion:EUR-USD:USD,USD,435.00,
            expenses:food,USD,46.75,2026-02-01
            income:salary,USD,-3000.00,
            """)
        XCTAssertEqual(try ok("verify").exitCode, 0)

        // A commodity nobody declared is refused with the way to declare it, and nothing is appended.
        let before = try digest()
        let refused = try sandbox.run(["price", "BTC", "40000", "--date", "2026-02-01"])
        XCTAssertEqual(refused.exitCode, 1)
        XCTAssertTrue(refused.stderr.contains("commodity \"BTC\" refused"), refused.stderr)
        XCTAssertEqual(try digest(), before)

        // Declared once, at its precision: then it can be priced, held and valued.
        try ok("commodity", "declare", "BTC", "--precision", "8")
        XCTAssertEqual(try sandbox.run(["commodity", "declare", "BTC", "--precision", "2"]).exitCode, 1)
        try ok("account", "open", "assets:crypto", "--currency", "BTC")
        try ok("price", "BTC", "40000.00", "--date", "2026-02-01")
        try ok("transfer", "0.01000000", "BTC", "--from", "assets:crypto", "--to", "assets:checking", "--cost", "400.00",
               "--date", "2026-02-02")
        XCTAssertTrue(try balanceCSV().contains("assets:crypto,BTC,-0.01000000"))
        XCTAssertTrue(try ok("commodity", "prices", "--format", "csv").out.contains("2026-02-01,BTC,40000.00,USD"))
        XCTAssertEqual(try ok("verify").exitCode, 0)
    }
}
