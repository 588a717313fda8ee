import Foundation
import KakeiboTestSupport
import XCTest

/// A statement's closing balance as a `BalanceAsserted` event (issue 32, part 3), driven as a
/// person types the commands: recorded once however often the statement is imported, recorded
/// too when the books disagree (the import says by how much), replayed byte-identically, exported
/// as assertions hledger and beancount check, and the balance `reconcile` uses when none is typed.
final class StatementBalanceAssertionCommandTests: KakeiboCLITestCase {
    func fixture(_ name: String) -> String { StatementImportCommandTests.fixtures.appendingPathComponent(name).path }

    private func assertions() throws -> [String] {
        try ok("log").stdoutLines.filter { $0.contains("BalanceAsserted") }
    }

    func testClosingBalancesAreAssertedOnceAndReplayed() throws {
        try ok("init", "--currency", "USD")
        let first = try ok("import", "statement", fixture("checking-2026-01.ofx"), "--account", "assets:checking")
        XCTAssertTrue(first.out.contains("  closing balance 1232.07 USD on 2026-01-31 agrees with the ledger; recorded as a balance assertion"), first.out)
        let overlapping = try ok("import", "statement", fixture("checking-2026-01-02.ofx"), "--account", "assets:checking",
                                 "--output", "json").jsonObject()
        let file = try XCTUnwrap((overlapping["files"] as? [[String: Any]])?.first)
        let closing = try XCTUnwrap(file["closingBalance"] as? [String: Any])
        XCTAssertEqual(closing["statement"] as? String, "3332.07")
        XCTAssertEqual(closing["assertionRecorded"] as? Bool, true)
        let recorded = try assertions()
        XCTAssertEqual(recorded.count, 2, recorded.joined(separator: "\n"))
        XCTAssertTrue(recorded[0].contains("2026-01-31") && recorded[0].contains("1232.07 USD"), recorded[0])

        // Both statements again: no transaction and no second assertion.
        let head = try ok("verify", "--digest").out
        let again = try ok("import", "statement", fixture("checking-2026-01.ofx"), fixture("checking-2026-01-02.ofx"),
                           "--account", "assets:checking")
        XCTAssertFalse(again.out.contains("recorded as a balance assertion"), again.out)
        XCTAssertEqual(try ok("verify", "--digest").out, head, "a re-import appended something")
        XCTAssertEqual(try assertions().count, 2)
        XCTAssertTrue(try ok("replay", "--check").out.contains("projections match"))
    }

    func testADisagreeingStatementIsRecordedWithTheDifference() throws {
        try ok("init", "--currency", "EUR")
        let result = try ok("import", "statement", fixture("giro-2026-04.camt053.xml"), "--account", "assets:giro")
        XCTAssertTrue(result.out.contains("closing balance 2195.50 EUR on 2026-04-30, but the ledger has 1195.50 EUR "
                                          + "(difference 1000.00 EUR); recorded as a balance assertion"), result.out)
        XCTAssertEqual(try assertions().count, 1)
        // The export keeps it as a comment with both figures, so hledger still reads the file.
        let journal = try ok("export", "journal").out
        XCTAssertTrue(journal.contains("; 2026-04-30 assets:giro: the statement says 2195.50 EUR, the books hold 1195.50 EUR; "
                                       + "not written as an assertion"), journal)
        XCTAssertFalse(journal.contains(" = 2195.50 EUR"), journal)
        let beancount = try ok("export", "beancount").out
        XCTAssertFalse(beancount.contains(" balance Assets:"), beancount)
        XCTAssertTrue(beancount.contains("; 2026-04-30 Assets:Giro: the statement says 2195.50 EUR, the books hold 1195.50 EUR"), beancount)
        XCTAssertTrue(try ok("replay", "--check").out.contains("projections match"))
    }

    func testExportsAreCheckedByHledgerAndBeancount() throws {
        try ok("init", "--currency", "USD")
        try ok("import", "statement", fixture("checking-2026-01.ofx"), "--account", "assets:checking")
        try ok("import", "statement", fixture("checking-2026-01-02.ofx"), "--account", "assets:checking")
        let journal = try ok("export", "journal").out
        XCTAssertTrue(journal.contains("\n2026-01-31 statement balance  ; statement: ")
                      && journal.contains("    assets:checking  0 USD = 1232.07 USD\n"), journal)
        let beancount = try ok("export", "beancount").out
        XCTAssertTrue(beancount.contains("\n2026-02-01 balance Assets:Checking  1232.07 USD\n"), beancount)
        XCTAssertTrue(beancount.contains("\n2026-03-01 balance Assets:Checking  3332.07 USD\n"), beancount)

        guard let hledger = MultiCurrencyCommandTests.which("hledger") else {
            print("skipping the hledger check: hledger is not installed (make test installs the Debian package)")
            throw XCTSkip("hledger is not installed")
        }
        let path = sandbox.path("export.journal")
        try journal.write(toFile: path, atomically: true, encoding: .utf8)
        let check = try ChildProcess.run(hledger, ["-f", path, "check"], environment: nil, in: nil)
        XCTAssertEqual(check.status, 0, check.stderr)
        // The assertion is really checked: a statement figure one cent off fails.
        let wrong = sandbox.path("wrong.journal")
        try journal.replacingOccurrences(of: "= 3332.07 USD", with: "= 3332.08 USD").write(toFile: wrong, atomically: true, encoding: .utf8)
        let failed = try ChildProcess.run(hledger, ["-f", wrong, "check"], environment: nil, in: nil)
        XCTAssertNotEqual(failed.status, 0)
        XCTAssertTrue(failed.stderr.contains("balance assertion"), failed.stderr)

        guard let beanCheck = MultiCurrencyCommandTests.which("bean-check") else {
            print("skipping the beancount check: bean-check is not installed (make test installs beancount from PyPI)")
            throw XCTSkip("bean-check is not installed")
        }
        let bean = sandbox.path("export.beancount")
        try beancount.write(toFile: bean, atomically: true, encoding: .utf8)
        let beanResult = try ChildProcess.run(beanCheck, [bean], environment: nil, in: nil)
        XCTAssertEqual(beanResult.status, 0, beanResult.stdout + beanResult.stderr)
        let wrongBean = sandbox.path("wrong.beancount")
        try beancount.replacingOccurrences(of: "Assets:Checking  3332.07 USD", with: "Assets:Checking  3000.00 USD")
            .write(toFile: wrongBean, atomically: true, encoding: .utf8)
        XCTAssertNotEqual(try ChildProcess.run(beanCheck, [wrongBean], environment: nil, in: nil).status, 0)
    }

    func testReconcileDefaultsToTheStatedBalance() throws {
        try ok("init", "--currency", "USD")
        try ok("import", "statement", fixture("checking-2026-01.ofx"), "--account", "assets:checking")
        try ok("import", "statement", fixture("checking-2026-01-02.ofx"), "--account", "assets:checking")
        let january = try ok("reconcile", "assets:checking", "--as-of", "2026-01-31")
        XCTAssertTrue(january.out.hasPrefix("assets:checking on 2026-01-31: statement 1232.07 USD, ledger 1232.07 USD: reconciled"), january.out)
        let latest = try ok("reconcile", "assets:checking")
        XCTAssertTrue(latest.out.hasPrefix("assets:checking on 2026-02-28: statement 3332.07 USD"), latest.out)
        let head = try ok("verify", "--digest").out
        let none = try kakeibo("reconcile", "assets:checking", "--as-of", "2026-01-15")
        XCTAssertEqual(none.exitCode, 1, "\(none)")
        XCTAssertTrue(none.stderr.contains("no statement balance of assets:checking is recorded for 2026-01-15"), none.stderr)
        let undated = try kakeibo("reconcile", "assets:checking", "--balance", "5.00")
        XCTAssertEqual(undated.exitCode, 1, "\(undated)")
        XCTAssertTrue(undated.stderr.contains("--balance needs the statement's date"), undated.stderr)
        XCTAssertEqual(try ok("verify", "--digest").out, head, "a refused reconcile appended something")
    }
}
