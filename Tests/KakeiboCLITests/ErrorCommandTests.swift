import Foundation
import XCTest

/// Refused commands: a non-zero exit, one `kakeibo: error: …` line that names the problem,
/// nothing on stdout, and a log whose head digest (`verify --digest`) has not moved.
final class ErrorCommandTests: KakeiboCLITestCase {
    override func setUpWithError() throws {
        try super.setUpWithError()
        try initialisedLedger()
    }

    func testUnknownAccount() throws {
        try assertRefused(["expense", "5", "--from", "assets:nope", "--category", "groceries", "--date", "2026-11-02"],
                          mentioning: ["unknown account \"assets:nope\""], exitCode: 1)
        try assertRefused(["transfer", "5", "--from", "assets:checking", "--to", "assets:nope"],
                          mentioning: ["unknown account \"assets:nope\""], exitCode: 1)
    }

    func testUnknownCategory() throws {
        try assertRefused(["expense", "5", "--from", "assets:checking", "--category", "nosuch"],
                          mentioning: ["unknown category \"nosuch\""], exitCode: 1)
    }

    func testPostingToAClosedAccount() throws {
        XCTAssertEqual(try ok("account", "open", "assets:old", "--type", "asset").out, "opened assets:old")
        XCTAssertEqual(try ok("account", "close", "assets:old").out, "closed assets:old")
        try assertRefused(["expense", "5", "--from", "assets:old", "--category", "groceries", "--date", "2026-11-02"],
                          mentioning: ["account \"assets:old\" is closed"], exitCode: 1)
        try assertRefused(["txn", "--posting", "assets:old=5", "--posting", "assets:checking"],
                          mentioning: ["account \"assets:old\" is closed"], exitCode: 1)
    }

    func testClosingAnAccountThatHoldsMoney() throws {
        try record("income", "10", "--to", "assets:checking", "--from", "income:salary", "--date", "2026-11-01")
        try assertRefused(["account", "close", "assets:checking"],
                          mentioning: ["account \"assets:checking\" still holds 10.00 USD"], exitCode: 1)
    }

    func testCurrencyMismatch() throws {
        XCTAssertEqual(try ok("account", "open", "assets:euro", "--type", "asset", "--currency", "EUR").out, "opened assets:euro")
        // An amount in USD paid from a EUR account.
        try assertRefused(["expense", "5", "--from", "assets:euro", "--category", "groceries", "--currency", "USD",
                           "--date", "2026-11-02"],
                          mentioning: ["currency mismatch", "assets:euro", "EUR", "USD"], exitCode: 1)
        // An amount in the account's EUR, into a USD account, without a --cost to convert it.
        try assertRefused(["transfer", "5", "--from", "assets:euro", "--to", "assets:checking", "--date", "2026-11-02"],
                          mentioning: ["currency mismatch", "assets:checking", "USD", "EUR"], exitCode: 1)
        // A category takes any commodity (issue 17): EUR spent on a category opened in USD is recorded.
        _ = try ok("expense", "5", "--from", "assets:euro", "--category", "groceries", "--date", "2026-11-02")
    }

    func testUnbalancedTxn() throws {
        try assertRefused(["txn", "--date", "2026-11-02", "--posting", "expenses:groceries=10", "--posting", "assets:checking=-9"],
                          mentioning: ["do not balance", "USD off by 1.00"], exitCode: 1)
        try assertRefused(["txn", "--posting", "expenses:groceries", "--posting", "assets:checking"],
                          mentioning: ["only one posting may leave its amount out"], exitCode: 1)
        try assertRefused(["txn", "--posting", "expenses:groceries=10"],
                          mentioning: ["at least two postings"], exitCode: 1)
    }

    func testZeroAmount() throws {
        for zero in ["0", "0.00", "-0"] {
            try assertRefused(["expense", zero, "--from", "assets:checking", "--category", "groceries", "--date", "2026-11-02"],
                              mentioning: ["the amount is zero"], exitCode: 1)
        }
    }

    func testOverflowingAmount() throws {
        try assertRefused(["expense", "99999999999999999999", "--from", "assets:checking", "--category", "groceries",
                           "--date", "2026-11-02"],
                          mentioning: ["amount is too large"], exitCode: 1)
        try assertRefused(["income", "99999999999999999999", "--to", "assets:checking", "--from", "income:salary"],
                          mentioning: ["amount is too large"], exitCode: 1)
    }

    func testGarbageAmounts() throws {
        try assertRefused(["expense", "12.34abc", "--from", "assets:checking", "--category", "groceries", "--date", "2026-11-02"],
                          mentioning: ["invalid amount \"12.34abc\"", "unexpected character \"a\""], exitCode: 1)
        try assertRefused(["expense", "1,2,3", "--from", "assets:checking", "--category", "groceries", "--date", "2026-11-02"],
                          mentioning: ["invalid amount \"1,2,3\"", "exactly 3 digits"], exitCode: 1)
        try assertRefused(["expense", "12.345", "--from", "assets:checking", "--category", "groceries", "--date", "2026-11-02"],
                          mentioning: ["amount \"12.345\" has 3 decimals but USD allows 2"], exitCode: 1)
    }

    func testBadDate() throws {
        try assertRefused(["expense", "5", "--from", "assets:checking", "--category", "groceries", "--date", "2026-02-30"],
                          mentioning: ["2026-02-30", "February 2026 has 28 days"])
        try assertRefused(["txn", "--date", "2026-02-30", "--posting", "expenses:groceries=1", "--posting", "assets:checking"],
                          mentioning: ["2026-02-30"])
        try assertRefused(["balance", "--as-of", "2026-13-01"], mentioning: ["2026-13-01", "month 13"])
    }

    /// Argument-parser refusals get the same one-line treatment as ledger errors.
    func testUsageErrorsAreOneLine() throws {
        try assertRefused(["expense", "--from", "assets:checking", "--category", "groceries"], mentioning: ["missing the amount"])
        try assertRefused(["expense", "1", "2", "--from", "assets:checking", "--category", "groceries"],
                          mentioning: ["expected one amount"])
        try assertRefused(["balance", "--at-position=-1"], mentioning: ["--at-position must be 0 or more"])
    }

    func testEditingAVoidedTransaction() throws {
        let txn = try record("expense", "12.50", "--from", "assets:checking", "--category", "groceries", "--date", "2026-11-02")
        XCTAssertEqual(try ok("void", txn, "--reason", "duplicate").out, txn)
        try assertRefused(["edit", txn, "--amount", "13.00", "--reason", "typo"],
                          mentioning: ["transaction \(txn) is voided"], exitCode: 1)
        try assertRefused(["void", txn], mentioning: ["transaction \(txn) is voided"], exitCode: 1)
    }

    func testEditThatChangesNothing() throws {
        let txn = try record("expense", "12.50", "--from", "assets:checking", "--category", "groceries", "--date", "2026-11-02")
        try assertRefused(["edit", txn, "--amount", "12.50"], mentioning: ["nothing to change"], exitCode: 1)
    }

    func testUnknownTransaction() throws {
        try assertRefused(["edit", "deadbeef", "--amount", "1"], mentioning: ["no transaction \"deadbeef\""], exitCode: 1)
        try assertRefused(["void", "abc"], mentioning: ["no transaction \"abc\""], exitCode: 1)
    }

    func testInitTwiceOnTheSamePath() throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: db))
        try assertRefused(["init", "--currency", "USD"], mentioning: ["a ledger already exists at \(db)"], exitCode: 1)
        try assertRefused(["init", "--currency", "EUR"], mentioning: ["a ledger already exists at \(db)"], exitCode: 1)
        XCTAssertEqual(try eventCount(), 6)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: db)).count, bytes.count)
        XCTAssertEqual(try balanceCSV(), "account,currency,amount")
    }

    // MARK: Files that are not ledgers

    func testAFileThatIsNotALedger() throws {
        let path = sandbox.path("notes.txt")
        let text = Data("groceries: milk, eggs\n".utf8)
        try text.write(to: URL(fileURLWithPath: path))
        try assertForeignFileRefused(path, mentioning: ["\(path) is not a Kakeibo ledger", "not an SQLite database"])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), text)
    }

    /// A zero-byte file (say, from `touch`) is a valid empty database to SQLite, but no ledger.
    func testAnEmptyFile() throws {
        let path = sandbox.path("empty.sqlite")
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data()))
        try assertForeignFileRefused(path, mentioning: ["\(path) is not a Kakeibo ledger"])
    }

    func testAMissingLedgerFile() throws {
        let path = sandbox.path("nowhere/ledger.sqlite")
        let result = try sandbox.run(["balance"], db: path)
        assertFailure(result, mentioning: ["no ledger at \(path)"], exitCode: 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "reading must not create a ledger")
        XCTAssertFalse(FileManager.default.fileExists(atPath: sandbox.path("nowhere")), "nor its directory")
        let expense = try sandbox.run(["expense", "5", "--from", "assets:checking", "--category", "groceries"], db: path)
        assertFailure(expense, mentioning: ["no ledger at \(path)"], exitCode: 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    /// `sqlite3 F "PRAGMA user_version=7;"`: a valid SQLite database with no tables, made by someone else.
    func testAnEmptySQLiteDatabaseFromAnotherApp() throws {
        try SQLite3.requireInstalled()
        let path = sandbox.path("other.db")
        try SQLite3.run(path, "PRAGMA user_version = 7;")
        try assertForeignFileRefused(path, mentioning: ["\(path) is not a Kakeibo ledger", "an empty SQLite file"])
    }

    /// Another application's database with its own tables and rows.
    func testASQLiteDatabaseOfAnotherApp() throws {
        try SQLite3.requireInstalled()
        let path = sandbox.path("notes.db")
        try SQLite3.run(path, "CREATE TABLE notes(body TEXT); INSERT INTO notes VALUES ('milk');")
        try assertForeignFileRefused(path, mentioning: ["\(path) is not a Kakeibo ledger", "another application"])
        XCTAssertEqual(try SQLite3.run(path, "SELECT body FROM notes"), "milk")
    }

    // MARK: -

    /// Runs a read and a write on `path`, both refused, and checks the file was left exactly as it was:
    /// same bytes, and no `-wal`/`-shm` companions left behind.
    private func assertForeignFileRefused(_ path: String, mentioning mentions: [String],
                                          file: StaticString = #filePath, line: UInt = #line) throws {
        let url = URL(fileURLWithPath: path)
        let original = try Data(contentsOf: url)
        for arguments in [["balance"], ["expense", "5", "--from", "assets:checking", "--category", "groceries"]] {
            let result = try sandbox.run(arguments, db: path)
            assertFailure(result, mentioning: mentions, exitCode: 1, file: file, line: line)
            let after = try Data(contentsOf: url)
            XCTAssertEqual(after, original,
                           "`\(result.commandLine)` changed a file it refused (\(original.count) bytes before, "
                               + "\(after.count) after)", file: file, line: line)
        }
        for suffix in ["-wal", "-shm", "-journal"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: path + suffix), "left \(path + suffix) behind",
                           file: file, line: line)
        }
        // The sandbox's own ledger is untouched.
        XCTAssertEqual(try eventCount(file: file, line: line), 6, file: file, line: line)
    }
}
