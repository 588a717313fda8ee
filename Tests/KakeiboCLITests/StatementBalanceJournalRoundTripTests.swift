import Foundation
import KakeiboTestSupport
import XCTest

/// A statement's closing balance survives a journal round trip (issue 32): `export journal` writes
/// each `BalanceAsserted` as a `statement balance` transaction with one zero posting carrying
/// `= BAL`, and `import journal` of that file records a `BalanceAsserted` again, through the same
/// pipeline, so a ledger rebuilt from the export reconciles against the statement as the first did.
final class StatementBalanceJournalRoundTripTests: KakeiboCLITestCase {
    func fixture(_ name: String) -> String { StatementImportCommandTests.fixtures.appendingPathComponent(name).path }

    func testAnExportedStatementBalanceImportsAsABalanceAssertion() throws {
        try ok("init", "--currency", "USD")
        try ok("import", "statement", fixture("checking-2026-01.ofx"), "--account", "assets:checking")
        try ok("import", "statement", fixture("checking-2026-01-02.ofx"), "--account", "assets:checking")
        let exported = sandbox.path("export.journal")
        try ok("export", "journal").stdout.write(toFile: exported, atomically: true, encoding: .utf8)

        // A fresh ledger from the export alone.
        let fresh = sandbox.path("fresh.sqlite")
        @discardableResult func inFresh(_ arguments: String...) throws -> CommandResult {
            let result = try sandbox.run(Array(arguments), db: fresh)
            XCTAssertEqual(result.exitCode, 0, "\(result)")
            return result
        }
        try inFresh("init", "--currency", "USD")
        let imported = try inFresh("import", "journal", exported)
        XCTAssertTrue(imported.out.contains("6 transactions appended"), imported.out)
        let log = try inFresh("log").stdoutLines
        let assertions = log.filter { $0.contains("BalanceAsserted") }
        XCTAssertEqual(assertions.count, 2, log.joined(separator: "\n"))
        // log names the account and the amount (its payee column was empty).
        XCTAssertTrue(assertions[0].contains("1232.07 USD") && assertions[0].contains("assets:checking balance"), assertions[0])
        XCTAssertTrue(assertions[1].contains("3332.07 USD") && assertions[1].contains("journal-import"), assertions[1])
        XCTAssertFalse(log.contains { $0.contains("statement balance") }, "recorded as a dated note:\n" + log.joined(separator: "\n"))
        // The statement it came from is the one the export named.
        let json = try inFresh("log", "--format", "json").out
        XCTAssertTrue(json.contains("checking-2026-01.ofx:"), json)

        // reconcile without --balance uses the assertion.
        let reconciled = try inFresh("reconcile", "assets:checking")
        XCTAssertTrue(reconciled.out.hasPrefix("assets:checking on 2026-02-28: statement 3332.07 USD, ledger 3332.07 USD: reconciled"),
                      reconciled.out)
        XCTAssertTrue(try inFresh("reconcile", "assets:checking", "--as-of", "2026-01-31").out
            .hasPrefix("assets:checking on 2026-01-31: statement 1232.07 USD"))

        // Re-importing the export appends nothing, and replay rebuilds the same projections.
        let head = try inFresh("verify", "--digest").out
        let again = try inFresh("import", "journal", exported)
        XCTAssertTrue(again.out.contains("0 transactions appended"), again.out)
        XCTAssertEqual(try inFresh("verify", "--digest").out, head, "a re-import appended something")
        XCTAssertTrue(try inFresh("replay", "--check").out.contains("projections match"))

        // Into the ledger that imported the statements, the assertions are the statement's own: none is added.
        let before = try ok("log").stdoutLines.filter { $0.contains("BalanceAsserted") }.count
        try ok("import", "journal", exported)
        XCTAssertEqual(try ok("log").stdoutLines.filter { $0.contains("BalanceAsserted") }.count, before)
    }

    /// The `statement:` tag marks an exported statement balance, not the payee: a person's own check that they
    /// happened to call `statement balance` stays a checked assertion, and a tagged one under another payee (the tag
    /// empty: a balance whose statement is not known) is recorded, with the journal line as its statement.
    func testTheStatementTagNotThePayeeMarksAStatementBalance() throws {
        try ok("init", "--currency", "USD")
        let path = sandbox.path("own.journal")
        try """
            2026-01-01 opening
                assets:checking   $100.00
                equity:opening

            2026-01-31 statement balance
                assets:checking   $0 = $100.00

            2026-02-28 bank says  ; statement:
                assets:checking   $0 = $100.00

            """.write(toFile: path, atomically: true, encoding: .utf8)
        try ok("import", "journal", path)
        let assertions = try ok("log").stdoutLines.filter { $0.contains("BalanceAsserted") }
        XCTAssertEqual(assertions.count, 1, assertions.joined(separator: "\n"))
        XCTAssertTrue(assertions.first?.contains("2026-02-28") ?? false, assertions.joined(separator: "\n"))
        XCTAssertTrue(try ok("log", "--format", "json").out.contains("own.journal:"))
    }

    func testAZeroPostingAssertionAPersonWroteIsStillOnlyChecked() throws {
        // Not the export's shape (another payee): the reader checks it and records a dated note, as before.
        try ok("init", "--currency", "USD")
        let path = sandbox.path("checkpoint.journal")
        try """
            2026-01-01 opening
                assets:checking   $100.00
                equity:opening

            2026-01-31 checkpoint
                assets:checking   $0 = $100.00

            """.write(toFile: path, atomically: true, encoding: .utf8)
        try ok("import", "journal", path)
        XCTAssertFalse(try ok("log").out.contains("BalanceAsserted"))
        let wrong = sandbox.path("wrong.journal")
        try """
            2026-01-01 opening
                assets:checking   $100.00
                equity:opening

            2026-01-31 statement balance
                assets:checking   $0 = $99.00

            """.write(toFile: wrong, atomically: true, encoding: .utf8)
        // A statement balance the journal itself contradicts is refused by the reader, with its line, and nothing is appended.
        let head = try ok("verify", "--digest").out
        let refused = try kakeibo("import", "journal", wrong)
        XCTAssertNotEqual(refused.exitCode, 0)
        XCTAssertTrue(refused.stderr.contains("wrong.journal:6"), refused.stderr)
        XCTAssertEqual(try ok("verify", "--digest").out, head)

        // The export's shape on an expense account is a person's check, not a bank's balance: imported as
        // before (checked, a dated note), not refused as a statement balance of an account that cannot hold one.
        let spent = sandbox.path("spent.journal")
        try """
            2026-02-01 lunch
                expenses:food     $12.00
                assets:checking

            2026-02-28 statement balance
                expenses:food     $0 = $12.00

            """.write(toFile: spent, atomically: true, encoding: .utf8)
        let imported = try kakeibo("import", "journal", spent)
        XCTAssertEqual(imported.exitCode, 0, "\(imported)")
        XCTAssertFalse(try ok("log").out.contains("expenses:food balance"))
    }
}
