import Foundation
import XCTest

/// `history`, `log`, `verify`, `replay`.
final class AuditCommandTests: KakeiboCLITestCase {
    func testHistoryJSONAfterEditAndVoid() throws {
        let txn = try standardLedger().expense
        try ok("edit", txn, "--amount", "13.00", "--reason", "typo")
        try ok("void", txn, "--reason", "duplicate")

        let history = try ok("history", txn, "--format", "json").jsonObject()
        XCTAssertEqual(history["id"] as? String, txn)
        XCTAssertEqual(history["kind"] as? String, "expense")
        XCTAssertEqual(history["status"] as? String, "voided")
        let events = try XCTUnwrap(history["events"] as? [[String: Any]])
        XCTAssertEqual(events.map { $0["type"] as? String }, ["ExpenseCaptured", "TransactionEdited", "TransactionVoided"])
        XCTAssertEqual(events.map { $0["position"] as? Int }, [7, 10, 11])
        for event in events {
            XCTAssertEqual(event["actor"] as? String, "tester")
            XCTAssertEqual(event["source"] as? String, "manual")
            XCTAssertEqual(event["recordedAt"] as? String, "2026-11-21T12:00:00.000Z", "KAKEIBO_NOW is noon UTC of that day")
            let hash = try XCTUnwrap(event["hash"] as? String)
            XCTAssertEqual(hash.count, 64)
        }
        XCTAssertEqual(Set(events.compactMap { $0["hash"] as? String }).count, 3)

        // Recorded: every field, no before values, no reason.
        XCTAssertTrue(events[0]["reason"] is NSNull)
        XCTAssertEqual(changes(events[0]), [
            Change("date", nil, "2026-11-02"), Change("amount", nil, "12.50 USD"),
            Change("fromAccount", nil, "assets:checking"), Change("toAccount", nil, "expenses:groceries"),
            Change("payee", nil, "Corner Shop"),
        ])
        // Edited: the amount, before and after, and why.
        XCTAssertEqual(events[1]["reason"] as? String, "typo")
        XCTAssertEqual(changes(events[1]), [Change("amount", "12.50 USD", "13.00 USD")])
        // Voided.
        XCTAssertEqual(events[2]["reason"] as? String, "duplicate")
        XCTAssertEqual(changes(events[2]), [Change("status", "active", "voided")])
    }

    func testHistoryHashesAreTheLogsChain() throws {
        let txn = try standardLedger().expense
        try ok("edit", txn, "--amount", "13.00", "--reason", "typo")
        let history = try ok("history", txn, "--format", "json").jsonObject()
        let last = try XCTUnwrap((history["events"] as? [[String: Any]])?.last)
        // The edit is the last event, so its hash is the head digest.
        XCTAssertEqual("\(last["position"] as? Int ?? -1):\(last["hash"] as? String ?? "")", try digest())
    }

    func testHistoryTable() throws {
        let txn = try standardLedger().expense
        try ok("edit", txn, "--amount", "13.00", "--reason", "typo")
        XCTAssertEqual(try ok("history", txn).out, """
            transaction \(txn) (expense, active)

            #7 2026-11-21T12:00:00.000Z ExpenseCaptured by tester via manual
                date: 2026-11-02
                amount: 12.50 USD
                fromAccount: assets:checking
                toAccount: expenses:groceries
                payee: Corner Shop

            #10 2026-11-21T12:00:00.000Z TransactionEdited by tester via manual, reason: typo
                amount: 12.50 USD -> 13.00 USD
            """)
    }

    func testHistoryOfAnUnknownTransaction() throws {
        try standardLedger()
        assertFailure(try kakeibo("history", "deadbeef"), mentioning: ["no transaction \"deadbeef\""], exitCode: 1)
    }

    func testLogJSON() throws {
        let ids = try standardLedger()
        let log = try ok("log", "--format", "json").jsonArray()
        XCTAssertEqual(log.map { $0["position"] as? Int }, Array(1...9))
        XCTAssertEqual(log.map { $0["type"] as? String }, [
            "LedgerCreated", "AccountOpened", "AccountOpened", "AccountOpened", "AccountOpened", "CategoryDefined",
            "ExpenseCaptured", "IncomeRecorded", "TransferMade",
        ])
        XCTAssertEqual(Set(log.compactMap { $0["actor"] as? String }), ["tester"])
        XCTAssertEqual(Set(log.compactMap { $0["source"] as? String }), ["manual"])
        XCTAssertEqual(log[6]["stream"] as? String, "txn-\(ids.expense)")
        XCTAssertEqual(log[6]["occurredOn"] as? String, "2026-11-02")
        XCTAssertEqual((log[6]["payload"] as? [String: Any])?["amount"] as? Int, 1250, "amounts are stored in minor units")
        XCTAssertEqual(Set(log.compactMap { $0["eventId"] as? String }).count, 9)

        let page = try ok("log", "--format", "json", "--from", "8", "--limit", "1").jsonArray()
        XCTAssertEqual(page.map { $0["position"] as? Int }, [8])
    }

    func testLogTableShowsEachEventsDateAmountAndPayee() throws {
        try standardLedger()
        try ok("txn", "--payee", "Market", "--date", "2026-11-03", "--posting", "expenses:groceries=30", "--posting", "assets:checking")
        let lines = try ok("log").stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first?.split(separator: " ", omittingEmptySubsequences: true).prefix(5),
                       ["pos", "recorded", "type", "date", "amount"])
        let expense = try XCTUnwrap(lines.first { $0.contains("ExpenseCaptured") })
        XCTAssertTrue(expense.contains("2026-11-02") && expense.contains("12.50 USD") && expense.contains("Corner Shop"), expense)
        let split = try XCTUnwrap(lines.first { $0.contains("TransactionRecorded") })
        XCTAssertTrue(split.contains("2026-11-03") && split.contains("30.00 USD") && split.contains("Market"), "a split shows its debits: \(split)")
        let opened = try XCTUnwrap(lines.first { $0.contains("AccountOpened") })
        XCTAssertTrue(opened.contains("assets:checking"), "events without money name what they are about: \(opened)")
    }

    /// N17: a price's row used to be blank but for its type; it shows its date, its value and its commodity.
    func testLogTableShowsAPricesDateValueAndCommodity() throws {
        try standardLedger()
        try ok("price", "EUR", "1.16", "--date", "2026-03-22")
        let price = try XCTUnwrap(try ok("log").stdout.split(separator: "\n").map(String.init).first { $0.contains("PriceRecorded") })
        XCTAssertTrue(price.contains("2026-03-22") && price.contains("1.16 USD") && price.contains("EUR"), price)
    }

    func testVerifySucceedsOnAWorkedLedger() throws {
        let txn = try standardLedger().expense
        try ok("edit", txn, "--amount", "13.00", "--reason", "typo")
        try ok("void", txn, "--reason", "duplicate")

        let verify = try kakeibo("verify")
        XCTAssertEqual(verify.exitCode, 0, "\(verify)")
        XCTAssertEqual(verify.stderr, "")
        let head = try digest()
        XCTAssertTrue(head.hasPrefix("11:"), head)
        XCTAssertEqual(verify.out, """
            ok: 11 events, chain intact, every transaction balances, projections match a replay
            head \(head)
            """)

        let json = try ok("verify", "--format", "json").jsonObject()
        XCTAssertEqual(json["valid"] as? Bool, true)
        XCTAssertEqual(json["events"] as? Int, 11)
        XCTAssertEqual(json["head"] as? String, head)
        XCTAssertTrue(json["firstBadPosition"] is NSNull)
        XCTAssertEqual((json["problems"] as? [Any])?.count, 0)
    }

    func testVerifyOnAFreshLedger() throws {
        try ok("init", "--currency", "USD")
        let verify = try kakeibo("verify")
        XCTAssertEqual(verify.exitCode, 0, "\(verify)")
        XCTAssertTrue(try digest().hasPrefix("1:"))
    }

    func testVerifyDigestAndExpect() throws {
        try initialisedLedger()
        let saved = try ok("verify", "--digest")
        XCTAssertEqual(saved.stdoutLines.count, 1, "\(saved)")
        XCTAssertTrue(saved.out.isDigestShaped, "\(saved)")
        XCTAssertTrue(saved.out.hasPrefix("6:"), "\(saved)")
        XCTAssertEqual(try digest(), saved.out, "the digest only moves when events are appended")

        try record("expense", "1", "--from", "assets:checking", "--category", "groceries", "--date", "2026-11-02")
        let moved = try digest()
        XCTAssertNotEqual(moved, saved.out)
        XCTAssertTrue(moved.hasPrefix("7:"), moved)
        // The log still holds the saved event at position 6.
        XCTAssertEqual(try kakeibo("verify", "--expect", saved.out).exitCode, 0)

        // A digest this log never had.
        let forged = "6:" + String(repeating: "0", count: 64)
        let mismatch = try kakeibo("verify", "--expect", forged)
        XCTAssertEqual(mismatch.exitCode, 1, "\(mismatch)")
        XCTAssertEqual(mismatch.stderrLines.count, 1, "one error line: \(mismatch)")
        XCTAssertEqual(mismatch.stderrLines.last?.hasPrefix("kakeibo: error: verification failed at position 6; "), true, "\(mismatch)")

        assertFailure(try kakeibo("verify", "--expect", "not-a-digest"), mentioning: ["--expect not-a-digest is not a digest"])
    }

    func testVerifyDetectsAnAlteredEvent() throws {
        try SQLite3.requireInstalled()
        try standardLedger()
        XCTAssertEqual(try kakeibo("verify").exitCode, 0)
        // Someone with write access gets past the append-only trigger and edits the expense.
        try SQLite3.run(db, """
            DROP TRIGGER events_refuse_update;
            UPDATE events SET payload = replace(payload, '"amount":1250', '"amount":1350') WHERE position = 7;
            """)
        XCTAssertEqual(try SQLite3.run(db, "SELECT count(*) FROM events WHERE position = 7 AND payload LIKE '%1350%'"), "1",
                       "the tamper did not apply")

        let verify = try kakeibo("verify")
        XCTAssertEqual(verify.exitCode, 1, "\(verify)")
        XCTAssertFalse(verify.crashed)
        XCTAssertEqual(verify.stdout, "")
        XCTAssertTrue(verify.stderrLines.allSatisfy { $0.hasPrefix("kakeibo: error: ") }, "\(verify)")
        XCTAssertEqual(verify.stderrLines.count, 1, "one error line, however many problems: \(verify)")
        XCTAssertEqual(verify.stderrLines.last?.hasPrefix("kakeibo: error: verification failed at position 7; "), true, "\(verify)")
        XCTAssertTrue(verify.stderr.contains("append-only triggers missing"), "\(verify)")
        XCTAssertTrue(verify.stderr.contains("position 7"), "\(verify)")

        let json = try kakeibo("verify", "--format", "json")
        XCTAssertEqual(json.exitCode, 1)
        let object = try json.jsonObject()
        XCTAssertEqual(object["valid"] as? Bool, false)
        XCTAssertEqual(object["firstBadPosition"] as? Int, 7)

        let digest = try kakeibo("verify", "--digest")
        XCTAssertEqual(digest.exitCode, 1, "no digest for a broken chain: \(digest)")
        XCTAssertEqual(digest.stdout, "")
    }

    func testReplayCheckMatchesAFreshLedger() throws {
        try standardLedger()
        let check = try kakeibo("replay", "--check")
        XCTAssertEqual(check.exitCode, 0, "\(check)")
        XCTAssertEqual(check.out, "ok: projections match a replay of the log")
        // Not a terminal: no progress bar at all, so a log or a pipe holds only the command's lines (issue 29, N18).
        XCTAssertEqual(check.stderr, "")

        let json = try kakeibo("replay", "--check", "--format", "json")
        XCTAssertEqual(json.exitCode, 0, "\(json)")
        let object = try json.jsonObject()
        XCTAssertEqual(object["matches"] as? Bool, true)
        XCTAssertEqual((object["differingTables"] as? [Any])?.count, 0)
    }

    func testReplayCheckAfterEditAndVoid() throws {
        let txn = try standardLedger().expense
        try ok("edit", txn, "--amount", "13.00", "--reason", "typo")
        try ok("void", txn, "--reason", "duplicate")
        let check = try kakeibo("replay", "--check")
        XCTAssertEqual(check.exitCode, 0, "\(check)")
        XCTAssertEqual(check.out, "ok: projections match a replay of the log")
    }

    func testReplayCheckDetectsADriftedProjectionAndReplayRepairsIt() throws {
        try SQLite3.requireInstalled()
        try standardLedger()
        let before = try balanceCSV()
        let head = try digest()
        try SQLite3.run(db, """
            UPDATE balances SET amount = amount + 1
            WHERE account_id = (SELECT account_id FROM accounts WHERE name = 'assets:checking');
            """)
        XCTAssertTrue(try balanceCSV().contains("assets:checking,USD,2387.51"), "the drift did not apply")

        let check = try kakeibo("replay", "--check")
        XCTAssertEqual(check.exitCode, 1, "\(check)")
        XCTAssertEqual(check.stdout, "")
        XCTAssertEqual(check.stderrLines.last?.hasPrefix("kakeibo: error: projections differ from a replay in: "), true,
                       "\(check)")
        XCTAssertTrue(check.stderrLines.last?.contains("balances") == true, "\(check)")

        let verify = try kakeibo("verify")
        XCTAssertEqual(verify.exitCode, 1, "verify also compares projections with a replay: \(verify)")

        let replay = try kakeibo("replay")
        XCTAssertEqual(replay.exitCode, 0, "\(replay)")
        XCTAssertEqual(replay.out, "rebuilt projections from 9 events")
        XCTAssertEqual(try balanceCSV(), before)
        XCTAssertEqual(try kakeibo("replay", "--check").exitCode, 0)
        XCTAssertEqual(try digest(), head, "a replay rebuilds projections and never touches the log")
    }

    /// Events cut from the end, and the projections rebuilt to match: the shorter log is a valid
    /// chain and `verify` passes. Only the digest saved before (`verify --expect`) catches it.
    func testEventsTruncatedFromTheEndAreCaughtOnlyAgainstASavedDigest() throws {
        try SQLite3.requireInstalled()
        try standardLedger()
        let saved = try digest()
        XCTAssertTrue(saved.hasPrefix("9:"), saved)
        // The attacker also restores the trigger and rebuilds the projections, so nothing else gives it away.
        let trigger = try SQLite3.run(db, "SELECT sql FROM sqlite_master WHERE name = 'events_refuse_delete'")
        XCTAssertTrue(trigger.hasPrefix("CREATE TRIGGER"), trigger)
        try SQLite3.run(db, "DROP TRIGGER events_refuse_delete; DELETE FROM events WHERE position > 7; \(trigger);")
        XCTAssertEqual(try kakeibo("replay").exitCode, 0)
        XCTAssertTrue(try digest().hasPrefix("7:"))
        let plain = try kakeibo("verify")
        XCTAssertEqual(plain.exitCode, 0, "a log cut at its end is still a valid chain: \(plain)")

        let expect = try kakeibo("verify", "--expect", saved)
        XCTAssertEqual(expect.exitCode, 1, "\(expect)")
        XCTAssertEqual(expect.stdout, "")
        XCTAssertTrue(expect.stderrLines.allSatisfy { $0.hasPrefix("kakeibo: error: ") }, "\(expect)")
        XCTAssertTrue(expect.stderr.contains("position 8") || expect.stderr.contains("position 9"), "\(expect)")
    }

    /// A projection row edited by hand (a payee in the register, not a balance): both `verify` and
    /// `replay --check` name the table, and the log is untouched.
    func testHandEditedRegisterProjectionIsCaught() throws {
        try SQLite3.requireInstalled()
        try standardLedger()
        let head = try digest()
        XCTAssertEqual(try kakeibo("verify").exitCode, 0)
        let logHead = "SELECT count(*) || ':' || (SELECT lower(hex(hash)) FROM events ORDER BY position DESC LIMIT 1) FROM events"
        XCTAssertEqual(try SQLite3.run(db, logHead), head)
        let tables = try SQLite3.run(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'transactions'")
        XCTAssertEqual(tables, "transactions")
        try SQLite3.run(db, "UPDATE transactions SET payee = 'Someone Else' WHERE payee = 'Corner Shop'")

        let verify = try kakeibo("verify")
        XCTAssertEqual(verify.exitCode, 1, "\(verify)")
        XCTAssertTrue(verify.stderr.contains("transactions"), "\(verify)")
        let check = try kakeibo("replay", "--check")
        XCTAssertEqual(check.exitCode, 1, "\(check)")
        XCTAssertTrue(check.stderrLines.last?.contains("transactions") == true, "\(check)")
        XCTAssertEqual(try SQLite3.run(db, logHead), head, "the log is untouched")
    }

    // MARK: -

    private struct Change: Equatable, CustomStringConvertible {
        var field: String
        var before: String?
        var after: String?
        init(_ field: String, _ before: String?, _ after: String?) {
            self.field = field; self.before = before; self.after = after
        }
        var description: String { "\(field): \(before ?? "nil") -> \(after ?? "nil")" }
    }

    private func changes(_ event: [String: Any]) -> [Change] {
        (event["changes"] as? [[String: Any]] ?? []).map {
            Change($0["field"] as? String ?? "?", $0["before"] as? String, $0["after"] as? String)
        }
    }
}
