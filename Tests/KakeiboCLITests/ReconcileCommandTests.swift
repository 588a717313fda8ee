import Foundation
import XCTest

/// Issue 32, parts 2 and 3: `reconcile`, posting marks, locks, `--force --reason`, and
/// `transfers match`, driven as a person types them.
final class ReconcileCommandTests: KakeiboCLITestCase {
    /// Checking with three expenses in October (40.00, 25.50, 12.00): a statement closing at -77.50.
    private func october() throws -> (market: String, bakery: String, kiosk: String) {
        try initialisedLedger()
        let market = try record("expense", "40", "--from", "assets:checking", "--category", "groceries", "--payee", "Market", "--date", "2026-10-05")
        let bakery = try record("expense", "25.50", "--from", "assets:checking", "--category", "groceries", "--payee", "Bakery", "--date", "2026-10-20")
        let kiosk = try record("expense", "12", "--from", "assets:checking", "--category", "groceries", "--payee", "Kiosk", "--date", "2026-10-30")
        return (market, bakery, kiosk)
    }

    func testTheClosingBalanceMarksThePostingsCleared() throws {
        let ids = try october()
        let later = try record("expense", "5", "--from", "assets:checking", "--category", "groceries", "--payee", "After", "--date", "2026-11-02")
        XCTAssertEqual(try ok("reconcile", "assets:checking", "--balance", "-77.50", "--as-of", "2026-10-31").out, """
            assets:checking on 2026-10-31: statement -77.50 USD, ledger -77.50 USD: reconciled
            cleared 3 postings in 3 transactions
            """)
        // The bank's side is cleared, the category's is not (its mark is the posting's own), and November's is untouched.
        let cleared = try ok("register", "-C", "--format", "json").jsonArray()
        XCTAssertEqual(cleared.map { $0["id"] as? String }, [ids.market, ids.bakery, ids.kiosk])
        XCTAssertEqual(Set(cleared.map { $0["account"] as? String }), ["assets:checking"])
        XCTAssertEqual(Set(cleared.map { $0["status"] as? String }), ["*"])
        let unmarked = try ok("register", "status:", "--format", "json").jsonArray()
        XCTAssertEqual(unmarked.count, 5, "three category postings and November's two")
        XCTAssertTrue(unmarked.contains { $0["id"] as? String == later })
        XCTAssertEqual(try balanceCSV("status:*"), try balanceCSV("-C"))
        XCTAssertTrue(try ok("register", "assets:checking").out.contains("* Kiosk"), "register shows the mark")
        // Every report reads the same marks: an income statement of cleared postings sees no expense.
        XCTAssertFalse(try ok("incomestatement", "-C", "-p", "2026-10").out.contains("groceries"))
        XCTAssertTrue(try ok("incomestatement", "-U", "-p", "2026-10").out.contains("groceries"))
        XCTAssertTrue(try ok("balancesheet", "-C").out.contains("-77.50"))
        // Reconciling again clears nothing new and appends nothing.
        let before = try digest()
        XCTAssertEqual(try ok("reconcile", "assets:checking", "--balance", "-77.50", "--as-of", "2026-10-31").stdoutLines.last,
                       "nothing new to clear")
        XCTAssertEqual(try digest(), before)
        // The marks are events: history says so, and a replay rebuilds them byte for byte.
        XCTAssertTrue(try ok("history", ids.kiosk).out.contains("PostingsMarked by tester via manual (reconcile assets:checking 2026-10-31 -77.50)\n    status assets:checking: unmarked -> cleared"))
        try ok("replay", "--check")
    }

    func testAWrongBalanceShowsTheDifferenceAndAppendsNothing() throws {
        let ids = try october()
        let before = try digest()
        let result = try kakeibo("reconcile", "assets:checking", "--balance", "-65.50", "--as-of", "2026-10-31")
        XCTAssertEqual(result.exitCode, 1)
        XCTAssertEqual(result.stderrLines, ["kakeibo: error: the statement says -65.50 USD on 2026-10-31, the ledger's cleared balance is "
                                            + "-77.50 USD: off by 12.00 USD; nothing was marked; record what is missing, or mark a posting "
                                            + "the statement does not show yet with `kakeibo mark ID --pending`"])
        XCTAssertEqual(result.out, """
            assets:checking on 2026-10-31: statement -65.50 USD, ledger -77.50 USD, difference 12.00 USD
            could explain it:
              2026-10-30  \(ids.kiosk.suffix(8))  Kiosk  -12.00 USD  unmarked
            uncleared postings up to 2026-10-31:
              2026-10-05  \(ids.market.suffix(8))  Market  -40.00 USD  unmarked
              2026-10-20  \(ids.bakery.suffix(8))  Bakery  -25.50 USD  unmarked
              2026-10-30  \(ids.kiosk.suffix(8))  Kiosk  -12.00 USD  unmarked
            """)
        XCTAssertEqual(try digest(), before, "nothing appended")
        XCTAssertEqual(try ok("register", "-C", "--format", "json").jsonArray().count, 0)

        // The kiosk is not on the statement yet: marked pending, it is left out, and the rest reconciles.
        try ok("mark", String(ids.kiosk.suffix(8)), "--account", "assets:checking", "--pending")
        try ok("reconcile", "assets:checking", "--balance", "-65.50", "--as-of", "2026-10-31")
        XCTAssertEqual(try ok("register", "assets:checking", "-P", "--format", "json").jsonArray().map { $0["id"] as? String }, [ids.kiosk])
        XCTAssertEqual(try ok("register", "assets:checking", "-C", "--format", "json").jsonArray().count, 2)
        // The next statement shows it: the pending posting is what explains the difference, until it is marked cleared.
        let json = try kakeibo("reconcile", "assets:checking", "--balance", "-77.50", "--as-of", "2026-10-31", "--format", "json")
        XCTAssertEqual(json.exitCode, 1, "\(json)")
        let report = try json.jsonObject()
        XCTAssertEqual(report["difference"] as? String, "-12.00")
        let explanations = try XCTUnwrap(report["explanations"] as? [[[String: Any]]])
        XCTAssertEqual(explanations.first?.map { $0["id"] as? String }, [ids.kiosk])
        XCTAssertEqual(explanations.first?.first?["status"] as? String, "!")
        try ok("mark", ids.kiosk, "--account", "assets:checking", "--cleared")
        XCTAssertEqual(try ok("reconcile", "assets:checking", "--balance", "-77.50", "--as-of", "2026-10-31").stdoutLines.last, "nothing new to clear")
        try ok("replay", "--check")
    }

    func testBadInputIsOneLineAndLeavesTheLogAlone() throws {
        _ = try october()
        let before = try digest()
        for (arguments, expected) in [
            (["reconcile", "assets:nowhere", "--balance", "1", "--as-of", "2026-10-31"], "kakeibo: error: unknown account \"assets:nowhere\""),
            (["reconcile", "assets:checking", "--balance", "12.3.4", "--as-of", "2026-10-31"], "kakeibo: error: "),
            (["reconcile", "assets:checking", "--balance", "1", "--as-of", "2026-13-40"], "kakeibo: error: The value '2026-13-40' is invalid for '--as-of <date>'"),
            (["mark", "zzzz", "--cleared"], "kakeibo: error: no transaction \"zzzz\""),
        ] {
            let result = try sandbox.run(arguments)
            XCTAssertNotEqual(result.exitCode, 0, "\(result)")
            XCTAssertTrue(result.stderrLines.first?.hasPrefix(expected) == true, "\(result)")
            XCTAssertFalse(result.crashed)
        }
        XCTAssertEqual(try digest(), before)
    }

    func testALockedPostingIsRefusedUnlessForcedWithAReason() throws {
        let ids = try october()
        XCTAssertEqual(try ok("reconcile", "assets:checking", "--balance", "-77.50", "--as-of", "2026-10-31", "--lock").stdoutLines.last,
                       "locked 3 postings")
        let before = try digest()
        let refusal = "kakeibo: error: transaction \(ids.bakery) has a locked posting on assets:checking (2026-10-20, reconciled with a "
            + "statement); it cannot be changed or voided; if it must change, repeat with --force --reason TEXT (see `kakeibo history \(ids.bakery.suffix(8))`)"
        for arguments in [["edit", ids.bakery, "--amount", "26"], ["edit", ids.bakery, "--date", "2026-10-21"], ["void", ids.bakery],
                          ["edit", ids.bakery, "--from", "liabilities:visa"]] {
            let result = try sandbox.run(arguments)
            XCTAssertEqual(result.exitCode, 1, "\(result)")
            XCTAssertEqual(result.stderrLines, [refusal], "\(result)")
        }
        let noReason = try kakeibo("edit", ids.bakery, "--amount", "26", "--force")
        XCTAssertEqual(noReason.stderrLines, ["kakeibo: error: changing a locked posting needs a reason, which the log keeps; add --reason TEXT"])
        XCTAssertEqual(try kakeibo("void", ids.bakery, "--force").exitCode, 1)
        XCTAssertEqual(try digest(), before, "every refusal left the log as it was")

        // The category and the payee are not the bank's posting: no force needed.
        try ok("edit", ids.bakery, "--payee", "Bakery Ltd")
        // Forced with a reason: recorded on the event and shown by history.
        try ok("edit", ids.bakery, "--amount", "26", "--force", "--reason", "the bank took 26.00")
        let history = try ok("history", ids.bakery).out
        XCTAssertTrue(history.contains("PostingsLocked by tester via manual (reconcile assets:checking 2026-10-31 -77.50)\n    locked assets:checking: yes"), history)
        XCTAssertTrue(history.contains("TransactionEdited by tester via manual, reason: the bank took 26.00\n    amount: 25.50 USD -> 26.00 USD\n    lock: locked -> forced"), history)
        let events = try XCTUnwrap(try ok("history", ids.bakery, "--format", "json").jsonObject()["events"] as? [[String: Any]])
        XCTAssertEqual(events.map { $0["type"] as? String }, ["ExpenseCaptured", "PostingsMarked", "PostingsLocked", "TransactionEdited", "TransactionEdited"])
        // Still locked after the forced edit; a forced void says so too.
        XCTAssertEqual(try kakeibo("void", ids.bakery).exitCode, 1)
        try ok("void", ids.bakery, "--force", "--reason", "duplicate of the card's")
        XCTAssertTrue(try ok("history", ids.bakery).out.contains("reason: duplicate of the card's\n    status: active -> voided\n    lock: locked -> forced"))
        try ok("replay", "--check")
        try ok("verify")
    }

    func testACheckingAndACardStatementWithTheSamePaymentGiveOneTransfer() throws {
        try initialisedLedger()
        try ok("account", "open", "income:unknown", "--type", "income")
        try ok("category", "add", "unknown")
        let checking = try record("expense", "400", "--from", "assets:checking", "--category", "unknown", "--payee", "Visa card payment", "--date", "2026-02-15")
        let card = try record("income", "400", "--to", "liabilities:visa", "--from", "income:unknown", "--payee", "PAYMENT THANK YOU", "--date", "2026-02-16")
        _ = try record("expense", "400", "--from", "assets:checking", "--payee", "Rent", "--category", "groceries", "--date", "2026-01-02")
        let before = try digest()
        let proposed = try ok("transfers", "match", "--format", "json").jsonArray()
        XCTAssertEqual(proposed.count, 1)
        XCTAssertEqual((proposed[0]["from"] as? [String: Any])?["id"] as? String, checking)
        XCTAssertEqual((proposed[0]["to"] as? [String: Any])?["id"] as? String, card)
        XCTAssertEqual(try digest(), before, "without --yes nothing is recorded")
        XCTAssertEqual(try ok("transfers", "match", "--days", "0").out, "no payments between your accounts are recorded twice")

        let recorded = try ok("transfers", "match", "--yes", "--format", "json").jsonArray()
        let transfer = try XCTUnwrap(recorded.first?["transfer"] as? String)
        let history = try ok("history", transfer, "--format", "json").jsonObject()
        XCTAssertEqual(history["kind"] as? String, "transfer")
        for original in [checking, card] {
            let voided = try ok("history", original, "--format", "json").jsonObject()
            XCTAssertEqual(voided["status"] as? String, "voided")
            XCTAssertEqual((voided["events"] as? [[String: Any]])?.last?["reason"] as? String,
                           "recorded as a transfer between \(original == checking ? "assets:checking and liabilities:visa" : "liabilities:visa and assets:checking")")
        }
        // One payment: the card's debt is down 400, checking is down 400, and no category saw it.
        let balances = try balanceCSV()
        XCTAssertTrue(balances.contains("liabilities:visa,USD,400.00"), balances)
        XCTAssertTrue(balances.contains("assets:checking,USD,-800.00"), balances)
        XCTAssertFalse(balances.contains("unknown"), balances)
        XCTAssertEqual(try ok("transfers", "match", "--format", "json").jsonArray().count, 0, "matched once")
        try ok("replay", "--check")
    }

    func testAJournalsPostingMarksAreKeptAndExportedAsWritten() throws {
        try ok("init", "--currency", "USD")
        let journal = sandbox.path("marks.journal")
        try """
            2026-08-01 Maple Court
                expenses:rent  $1,450.00
                * assets:checking

            2026-08-05 ! Corner Cafe
                expenses:dining  $12.40
                ! assets:checking
            """.write(toFile: journal, atomically: true, encoding: .utf8)
        try ok("import", "journal", journal)
        // The posting's mark, not its transaction's: rent's category posting is unmarked.
        XCTAssertEqual(try ok("register", "-C", "--format", "json").jsonArray().map { $0["account"] as? String }, ["assets:checking"])
        XCTAssertEqual(try ok("register", "status:", "--format", "json").jsonArray().map { $0["account"] as? String }, ["expenses:rent"])
        XCTAssertEqual(try ok("register", "-P", "--format", "json").jsonArray().count, 2, "the cafe is pending as a whole")
        let exported = try ok("export", "journal").out
        XCTAssertTrue(exported.contains("2026-08-01 Maple Court\n    expenses:rent  $1,450.00\n    * assets:checking  $-1,450.00\n"), exported)
        XCTAssertTrue(exported.contains("2026-08-05 ! Corner Cafe\n    expenses:dining  $12.40\n    ! assets:checking  $-12.40"), exported)
        XCTAssertTrue(try ok("export", "beancount").out.contains("  * Assets:Checking  -1450.00 USD"))
        // What reconcile clears is exported the same way, and re-imports to the same marks.
        try ok("reconcile", "assets:checking", "--balance", "-1450", "--as-of", "2026-08-01")
        let again = try ok("export", "journal").out
        XCTAssertEqual(again, exported, "the rent's bank posting was cleared already; the cafe is after the statement")
        try ok("replay", "--check")
    }

    /// Through `import statement` (STATEMENTS' fixtures): the checking account's statement pays the card 400.00 on
    /// 2026-02-15, the card's statement shows the payment on 2026-02-16; imported one after the other, it is one transfer.
    func testACheckingAndACardStatementImportedGiveOneTransfer() throws {
        let statements = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/statements")
        try ok("init", "--currency", "USD")
        try ok("import", "statement", statements.appendingPathComponent("checking-2026-01-02.ofx").path, "--account", "assets:checking")
        let before = try eventCount()
        try ok("import", "statement", statements.appendingPathComponent("card-2026-02.qfx").path, "--account", "liabilities:card")
        let transfers = try ok("register", "assets:checking", "--format", "json").jsonArray().filter { $0["amount"] as? String == "-400.00" }
        XCTAssertEqual(transfers.count, 1, "the payment once")
        let history = try ok("history", try XCTUnwrap(transfers.first?["id"] as? String), "--format", "json").jsonObject()
        XCTAssertEqual(history["kind"] as? String, "transfer")
        XCTAssertGreaterThan(try eventCount(), before)
        XCTAssertEqual(try ok("transfers", "match", "--format", "json").jsonArray().count, 0, "nothing left to pair")
        // Re-importing either statement appends nothing, and the card reconciles with its closing balance.
        let head = try digest()
        try ok("import", "statement", statements.appendingPathComponent("card-2026-02.qfx").path, "--account", "liabilities:card")
        try ok("import", "statement", statements.appendingPathComponent("checking-2026-01-02.ofx").path, "--account", "assets:checking")
        XCTAssertEqual(try digest(), head)
        XCTAssertTrue(try ok("reconcile", "liabilities:card", "--balance", "353.60", "--as-of", "2026-02-28").out.contains("reconciled"))
        try ok("replay", "--check")
    }
}
