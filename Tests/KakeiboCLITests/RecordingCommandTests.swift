import Foundation
import XCTest

/// `init`, `account`, `category`, `expense`, `income`, `transfer`, `txn`, `edit`, `void`.
final class RecordingCommandTests: KakeiboCLITestCase {
    private let afterSequence = """
        account,currency,amount
        assets:checking,USD,2387.50
        expenses:groceries,USD,12.50
        income:salary,USD,-2500.00
        liabilities:visa,USD,100.00
        """

    func testStandardSequenceThenEditThenVoid() throws {
        // Recorded here with the real commands every time, not copied from a template.
        let txn = try recordStandardScenario().expense

        XCTAssertEqual(try balanceCSV(), afterSequence)

        let edited = try ok("edit", txn, "--amount", "13.00", "--reason", "typo")
        XCTAssertEqual(edited.out, txn, "edit prints the id of the transaction it changed")
        XCTAssertEqual(try balanceCSV(), """
            account,currency,amount
            assets:checking,USD,2387.00
            expenses:groceries,USD,13.00
            income:salary,USD,-2500.00
            liabilities:visa,USD,100.00
            """)

        let voided = try ok("void", txn, "--reason", "duplicate")
        XCTAssertEqual(voided.out, txn, "void prints the id of the transaction it cancelled")
        // The groceries balance is zero now: no row for it.
        XCTAssertEqual(try balanceCSV(), """
            account,currency,amount
            assets:checking,USD,2400.00
            income:salary,USD,-2500.00
            liabilities:visa,USD,100.00
            """)
        XCTAssertEqual(try eventCount(), 11, "init 1 + accounts 3 + category 2 + three entries + edit + void")
    }

    func testInitCreatesAnEmptyLedger() throws {
        let created = try ok("init", "--currency", "USD")
        XCTAssertTrue(created.out.hasPrefix("created \(db) (USD, "), "\(created)")
        XCTAssertEqual(created.stdoutLines.count, 1)
        XCTAssertTrue(FileManager.default.fileExists(atPath: db))
        XCTAssertEqual(try balanceCSV(), "account,currency,amount")
        XCTAssertEqual(try eventCount(), 1)
        let log = try ok("log", "--format", "json").jsonArray()
        XCTAssertEqual(log.first?["type"] as? String, "LedgerCreated")
        XCTAssertEqual((log.first?["payload"] as? [String: Any])?["baseCurrency"] as? String, "USD")
    }

    func testCategoryAddCreatesAnExpensesAccount() throws {
        try ok("init", "--currency", "USD")
        XCTAssertEqual(try ok("category", "add", "groceries").out, "added category groceries")
        let accounts = try ok("account", "list", "--format", "csv")
        XCTAssertEqual(accounts.out, """
            name,type,currency,status,display_name,hue,icon
            expenses:groceries,expense,USD,open,Groceries,\(try hue(of: "expenses:groceries")),tag
            """)
    }

    func testAccountOpenUsesTheGivenTypeAndCurrency() throws {
        try initialisedLedger()
        XCTAssertEqual(try ok("account", "open", "assets:euro", "--type", "asset", "--currency", "EUR").out, "opened assets:euro")
        let listing = try ok("account", "list", "--format", "json").jsonArray()
        let summary = listing.map { "\($0["name"] as? String ?? "?") \($0["type"] as? String ?? "?") \($0["currency"] as? String ?? "?")" }
        XCTAssertEqual(Set(summary), [
            "assets:checking asset USD", "liabilities:visa liability USD", "income:salary income USD",
            "expenses:groceries expense USD", "assets:euro asset EUR",
        ])
    }

    func testRecordingCommandsPrintIDAndPositionAsJSON() throws {
        try initialisedLedger() // positions 2…6

        func recorded(_ arguments: String..., line: UInt = #line) throws -> (id: String, position: Int) {
            let result = try sandbox.run(arguments + ["--format", "json"])
            XCTAssertEqual(result.exitCode, 0, "\(result)", line: line)
            XCTAssertEqual(result.stderr, "", "\(result)", line: line)
            let object = try result.jsonObject(line: line)
            XCTAssertEqual(Set(object.keys), ["id", "position"], "\(result)", line: line)
            let id = try XCTUnwrap(object["id"] as? String, "\(result)", line: line)
            XCTAssertTrue(id.isUUIDShaped, "\(result)", line: line)
            return (id, try XCTUnwrap(object["position"] as? Int, "\(result)", line: line))
        }

        let expense = try recorded("expense", "12.50", "--from", "assets:checking", "--category", "groceries",
                                   "--payee", "Corner Shop", "--date", "2026-11-02")
        XCTAssertEqual(expense.position, 7)
        let income = try recorded("income", "2500", "--to", "assets:checking", "--from", "income:salary", "--date", "2026-11-01")
        XCTAssertEqual(income.position, 8)
        let transfer = try recorded("transfer", "100", "--from", "assets:checking", "--to", "liabilities:visa", "--date", "2026-11-03")
        XCTAssertEqual(transfer.position, 9)
        let txn = try recorded("txn", "--date", "2026-11-04", "--posting", "expenses:groceries=1", "--posting", "assets:checking")
        XCTAssertEqual(txn.position, 10)
        let edit = try recorded("edit", expense.id, "--amount", "13.00", "--reason", "typo")
        XCTAssertEqual(edit.id, expense.id)
        XCTAssertEqual(edit.position, 11)
        let void = try recorded("void", expense.id, "--reason", "duplicate")
        XCTAssertEqual(void.id, expense.id)
        XCTAssertEqual(void.position, 12)
        XCTAssertEqual(Set([expense.id, income.id, transfer.id, txn.id]).count, 4)
        XCTAssertEqual(try eventCount(), 12)
    }

    func testTxnWithSplitsAndOneElidedPosting() throws {
        try standardLedger()
        XCTAssertEqual(try ok("category", "add", "household").out, "added category household")
        let id = try record("txn", "--date", "2026-11-05", "--payee", "Market",
                            "--posting", "expenses:groceries=30", "--posting", "expenses:household=12.50",
                            "--posting", "assets:checking")

        // The elided posting took -42.50 to balance the splits.
        XCTAssertEqual(try balanceCSV(), """
            account,currency,amount
            assets:checking,USD,2345.00
            expenses:groceries,USD,42.50
            expenses:household,USD,12.50
            income:salary,USD,-2500.00
            liabilities:visa,USD,100.00
            """)
        // All three postings are in the register, in the order given.
        let register = try ok("register", "--format", "csv")
        let columns = register.stdoutLines.filter { $0.contains(id) }.map { $0.split(separator: ",").map(String.init) }
        XCTAssertEqual(columns.map { $0[3] }, ["expenses:groceries", "expenses:household", "assets:checking"], "\(register)")
        XCTAssertEqual(columns.map { $0[5] }, ["30.00", "12.50", "-42.50"], "\(register)")
        XCTAssertEqual(columns.map { $0[2] }, ["Market", "Market", "Market"], "\(register)")

        let history = try ok("history", id, "--format", "json").jsonObject()
        XCTAssertEqual(history["kind"] as? String, "general")
        let events = try XCTUnwrap(history["events"] as? [[String: Any]])
        XCTAssertEqual(events.count, 1)
        XCTAssertEqual(events.first?["type"] as? String, "TransactionRecorded")
        let changes = try XCTUnwrap(events.first?["changes"] as? [[String: Any]])
        let postings = changes.first { $0["field"] as? String == "postings" }
        XCTAssertEqual(postings?["after"] as? String,
                       "expenses:groceries 30.00 USD; expenses:household 12.50 USD; assets:checking -42.50 USD")
    }

    func testTxnWithExplicitBalancedPostingsAndCurrencies() throws {
        try standardLedger()
        try record("txn", "--date", "2026-11-05", "--posting", "expenses:groceries=7.25 USD",
                   "--posting", "assets:checking=-7.25 USD")
        XCTAssertEqual(try balanceCSV(), """
            account,currency,amount
            assets:checking,USD,2380.25
            expenses:groceries,USD,19.75
            income:salary,USD,-2500.00
            liabilities:visa,USD,100.00
            """)
    }

    func testNegativeExpenseIsARefund() throws {
        try standardLedger()
        let refund = try record("expense", "-3", "--from", "assets:checking", "--category", "groceries", "--date", "2026-11-04")
        XCTAssertEqual(try balanceCSV(), """
            account,currency,amount
            assets:checking,USD,2390.50
            expenses:groceries,USD,9.50
            income:salary,USD,-2500.00
            liabilities:visa,USD,100.00
            """)
        let history = try ok("history", refund, "--format", "json").jsonObject()
        let changes = try XCTUnwrap((history["events"] as? [[String: Any]])?.first?["changes"] as? [[String: Any]])
        XCTAssertEqual(changes.first { $0["field"] as? String == "amount" }?["after"] as? String, "-3.00 USD")
        XCTAssertEqual(try ok("verify").exitCode, 0)
    }

    func testAmountWithThousandsSeparator() throws {
        try initialisedLedger()
        try record("income", "1,234.56", "--to", "assets:checking", "--from", "income:salary", "--date", "2026-11-01")
        XCTAssertEqual(try balanceCSV(), """
            account,currency,amount
            assets:checking,USD,1234.56
            income:salary,USD,-1234.56
            """)
    }

    func testEntryWithoutDateIsDatedTodayByKAKEIBO_NOW() throws {
        try initialisedLedger()
        let id = try record("expense", "4", "--from", "assets:checking", "--category", "groceries")
        XCTAssertEqual(try ok("register", "assets:checking", "--format", "csv").out, """
            date,id,payee,account,currency,amount,balance
            2026-11-21,\(id),,assets:checking,USD,-4.00,-4.00
            """)
    }

    func testIdempotencyKeyRecordsOnce() throws {
        try standardLedger()
        let first = try ok("expense", "5", "--from", "assets:checking", "--category", "groceries",
                           "--date", "2026-11-04", "--idempotency-key", "k1")
        let id = first.out
        XCTAssertTrue(id.isUUIDShaped, "\(first)")
        let count = try eventCount()
        let head = try digest()

        let second = try kakeibo("expense", "5", "--from", "assets:checking", "--category", "groceries",
                                 "--date", "2026-11-04", "--idempotency-key", "k1")
        XCTAssertEqual(second.exitCode, 0, "\(second)")
        XCTAssertEqual(second.out, id, "the repeat prints the id recorded the first time")
        XCTAssertTrue(second.stderr.contains("already recorded"), "\(second)")
        XCTAssertEqual(try eventCount(), count, "nothing appended")
        XCTAssertEqual(try digest(), head)

        let asJSON = try kakeibo("expense", "5", "--from", "assets:checking", "--category", "groceries",
                                 "--date", "2026-11-04", "--idempotency-key", "k1", "--format", "json")
        XCTAssertEqual(asJSON.exitCode, 0, "\(asJSON)")
        XCTAssertTrue(asJSON.stderr.contains("already recorded"), "\(asJSON)")
        let object = try asJSON.jsonObject()
        XCTAssertEqual(object["id"] as? String, id)
        XCTAssertEqual(object["position"] as? Int, 10)
        XCTAssertEqual(object["alreadyRecorded"] as? Bool, true)
        XCTAssertEqual(try eventCount(), count)

        // Charged once.
        XCTAssertEqual(try balanceCSV(), """
            account,currency,amount
            assets:checking,USD,2382.50
            expenses:groceries,USD,17.50
            income:salary,USD,-2500.00
            liabilities:visa,USD,100.00
            """)
    }

    func testIdempotencyKeyReusedForADifferentCommandIsRefused() throws {
        try standardLedger()
        try record("expense", "5", "--from", "assets:checking", "--category", "groceries",
                   "--date", "2026-11-04", "--idempotency-key", "k1")
        try assertRefused(["expense", "6", "--from", "assets:checking", "--category", "groceries",
                           "--date", "2026-11-04", "--idempotency-key", "k1"],
                          mentioning: ["idempotency key \"k1\"", "different command"])
    }

    /// Ids start with their timestamp, so a short form is the random tail (what `register` shows)
    /// or a long enough prefix.
    func testEditAcceptsAUniqueIDPrefixOrSuffix() throws {
        let txn = try standardLedger().expense
        let edited = try ok("edit", String(txn.suffix(8)), "--payee", "Corner Store")
        XCTAssertEqual(edited.out, txn)
        XCTAssertEqual((try ok("history", String(txn.prefix(30)), "--format", "json").json() as? [String: Any])?["id"] as? String, txn)
        let register = try ok("register", "expenses:groceries", "--format", "csv")
        XCTAssertEqual(register.out, """
            date,id,payee,account,currency,amount,balance
            2026-11-02,\(txn),Corner Store,expenses:groceries,USD,12.50,12.50
            """)
    }

    /// Ids are time-ordered (UUIDv7-style) and must stay unique across processes even with the
    /// clock fixed by `KAKEIBO_NOW`, when every process starts from the same millisecond.
    func testIDsStayUniqueAcrossProcessesWithAFixedClock() throws {
        var ids: [String] = []
        for ledger in [sandbox.path("one.sqlite"), sandbox.path("two.sqlite")] {
            for arguments in [["init", "--currency", "USD"], ["account", "open", "assets:checking", "--type", "asset"],
                              ["category", "add", "groceries"],
                              ["expense", "12.50", "--from", "assets:checking", "--category", "groceries"],
                              ["expense", "3", "--from", "assets:checking", "--category", "groceries"]] {
                let result = try sandbox.run(arguments, db: ledger)
                XCTAssertEqual(result.exitCode, 0, "\(result)")
            }
            let log = try sandbox.run(["log", "--format", "json"], db: ledger)
            for event in try log.jsonArray() {
                ids.append(event["eventId"] as? String ?? "?")
                if let txn = (event["payload"] as? [String: Any])?["txn"] as? String { ids.append(txn) }
            }
        }
        XCTAssertEqual(ids.count, 2 * (6 + 2))
        XCTAssertEqual(Set(ids).count, ids.count, "ids must not repeat: \(ids)")
    }

    // MARK: -

    /// The default hue is derived from the name; read it back instead of hard-coding the formula.
    private func hue(of account: String) throws -> Int {
        let listing = try ok("account", "list", "--format", "json").jsonArray()
        let entry = try XCTUnwrap(listing.first { $0["name"] as? String == account })
        let hue = try XCTUnwrap((entry["category"] as? [String: Any])?["hue"] as? Int)
        XCTAssertTrue((0...360).contains(hue))
        return hue
    }
}
