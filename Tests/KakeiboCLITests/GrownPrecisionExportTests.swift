import Foundation
import KakeiboTestSupport
import XCTest

/// Exports of a ledger whose USD grew to 5 decimals (issue 36): every stored digit is written,
/// `bean-check` accepts the beancount file, hledger reads the journal export to the balances of
/// the journal it came from, and re-importing the export appends nothing. (There is no
/// `export csv`; the CSV readings are `balance`/`register --format csv`, checked here too.)
final class GrownPrecisionExportTests: KakeiboCLITestCase {
    static let journal = """
        2026-01-01 opening
            assets:checking   $1,000.00
            equity:opening

        2026-01-02 fee
            expenses:fees   $0.00125
            assets:checking

        2026-01-03 fund
            assets:fund   10 ACME @ $1.00125
            assets:checking

        2026-01-04 card
            liabilities:card   $-12.34567
            expenses:food

        """

    func testEveryExportKeepsEveryDigit() throws {
        try ok("init", "--currency", "USD")
        let source = sandbox.path("grown.journal")
        try Self.journal.write(toFile: source, atomically: true, encoding: .utf8)
        try ok("import", "journal", source)
        XCTAssertTrue(try ok("log").out.contains("USD stored at 5 decimals (was 2)"))

        let beancount = try ok("export", "beancount").out
        for line in ["  Expenses:Fees  0.00125 USD", "  Assets:Fund  10 ACME @ 1.00125 USD", "  Assets:Checking  -10.01250 USD",
                     "  Liabilities:Card  -12.34567 USD"] {
            XCTAssertTrue(beancount.contains(line + "\n"), "missing \(line):\n\(beancount)")
        }
        let journal = try ok("export", "journal").out
        for line in ["commodity $1,000.00000", "    expenses:fees  $0.00125", "    assets:fund  10 ACME @ $1.00125",
                     "    liabilities:card  $-12.34567"] {
            XCTAssertTrue(journal.contains(line + "\n"), "missing \(line):\n\(journal)")
        }
        XCTAssertTrue(try ok("balance", "--format", "csv").out.contains("assets:checking,USD,989.98625"))
        XCTAssertTrue(try ok("register", "assets:checking", "--format", "csv").out.contains(",USD,-10.01250,989.98625"))

        // Re-importing the journal export appends nothing.
        let exported = sandbox.path("export.journal")
        try journal.write(toFile: exported, atomically: true, encoding: .utf8)
        let head = try ok("verify", "--digest").out
        XCTAssertTrue(try ok("import", "journal", exported).out.contains("0 transactions appended"))
        XCTAssertEqual(try ok("verify", "--digest").out, head, "re-importing the export appended something")

        if let hledger = MultiCurrencyCommandTests.which("hledger") {
            // hledger reads the export to the same exact balances as the journal it came from.
            func balances(_ path: String) throws -> String {
                let run = try ChildProcess.run(hledger, ["-f", path, "bal", "-N", "--flat", "-c", "$1.00000", "-O", "csv"],
                                               environment: nil, in: nil)
                XCTAssertEqual(run.status, 0, run.stderr)
                return run.stdout.split(separator: "\n").filter { !$0.contains("equity:conversion") }.joined(separator: "\n")
            }
            XCTAssertEqual(try balances(exported), try balances(source))
            XCTAssertTrue(try balances(exported).contains("\"assets:checking\",\"$989.98625\""))
        } else {
            print("skipping the hledger check: hledger is not installed (make test installs the Debian package)")
        }
        guard let beanCheck = MultiCurrencyCommandTests.which("bean-check") else {
            print("skipping the beancount check: bean-check is not installed (make test installs beancount from PyPI)")
            throw XCTSkip("bean-check is not installed")
        }
        let bean = sandbox.path("export.beancount")
        try beancount.write(toFile: bean, atomically: true, encoding: .utf8)
        let checked = try ChildProcess.run(beanCheck, [bean], environment: nil, in: nil)
        XCTAssertEqual(checked.status, 0, checked.stdout + checked.stderr)
        // bean-check really reads the fifth decimal: a transaction off by 0.00001 USD no longer balances.
        let off = sandbox.path("off.beancount")
        try beancount.replacingOccurrences(of: "  Liabilities:Card  -12.34567 USD", with: "  Liabilities:Card  -12.34566 USD")
            .write(toFile: off, atomically: true, encoding: .utf8)
        XCTAssertNotEqual(try ChildProcess.run(beanCheck, [off], environment: nil, in: nil).status, 0)
    }
}
