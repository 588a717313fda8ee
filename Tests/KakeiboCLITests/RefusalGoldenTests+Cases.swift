import Foundation
import XCTest

/// One refusal to run: commands that stage it (they must succeed), files it reads, and the refused command.
struct Refusal {
    var name: String
    var setup: [[String]] = []
    /// Writes what the case needs into the sandbox; returns the ledger path to pass as `--db` when it is not the
    /// sandbox's own (that file's bytes are then checked too).
    var prepare: ((KakeiboSandbox, RefusalGoldenTests) throws -> String?)?
    var arguments: [String]
    /// Runs as this user through runuser (a read-only file means nothing to root).
    var user: String?
    /// Runs under bash's `ulimit -f` of this many KiB, with SIGXFSZ ignored: a write past it fails as on a full disk.
    var fileSizeLimitKiB: Int?
    /// The test holds SQLite's write lock on the ledger (`BEGIN IMMEDIATE`) while the command runs.
    var holdsWriteLock = false
    /// `import receipt` reports each file that failed and prints the others' results.
    var printsResults = false
    var needsSQLite3 = false

    init(_ name: String, setup: [[String]] = [], needsSQLite3: Bool = false, user: String? = nil, fileSizeLimitKiB: Int? = nil,
         holdsWriteLock: Bool = false, prepare: ((KakeiboSandbox, RefusalGoldenTests) throws -> String?)? = nil, _ arguments: String...) {
        self.name = name
        self.setup = setup
        self.needsSQLite3 = needsSQLite3
        self.user = user
        self.fileSizeLimitKiB = fileSizeLimitKiB
        self.holdsWriteLock = holdsWriteLock
        self.prepare = prepare
        self.arguments = arguments
    }

    /// Whether this machine can stage the case.
    func runs() -> Bool {
        if needsSQLite3, !FileManager.default.isExecutableFile(atPath: SQLite3.path) { return false }
        if user != nil, getuid() != 0 || !FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser") { return false }
        return true
    }
}

extension RefusalGoldenTests {
    /// Writes `text` to `name` in the sandbox and returns its path.
    static func file(_ name: String, _ text: String) -> (KakeiboSandbox, RefusalGoldenTests) throws -> String? {
        { sandbox, _ in
            try Data(text.utf8).write(to: URL(fileURLWithPath: sandbox.path(name)))
            return nil
        }
    }

    /// A copy of the standard ledger at `name`, changed by `sql`; the case runs on the copy.
    static func copy(_ name: String, sql: String? = nil, truncateTo size: UInt64? = nil) -> (KakeiboSandbox, RefusalGoldenTests) throws -> String? {
        { sandbox, test in
            let copy = sandbox.path(name)
            try? FileManager.default.removeItem(atPath: copy)
            try FileManager.default.copyItem(atPath: test.db, toPath: copy)
            if let sql { try SQLite3.run(copy, sql) }
            if let size {
                let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: copy))
                try handle.truncate(atOffset: size)
                try handle.close()
            }
            return copy
        }
    }

    /// A copy of the standard ledger in `folder` that the user `nobody` runs on, with these permissions, and a copy of
    /// the binary that user may run (the sandbox's may be under a folder only root can enter).
    static func nobodysCopy(in folder: String, folderMode: Int, fileMode: Int) -> (KakeiboSandbox, RefusalGoldenTests) throws -> String? {
        { sandbox, test in
            let folder = sandbox.path(folder)
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o777])
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: folder)
            let copy = folder + "/ledger.sqlite"
            try? FileManager.default.removeItem(atPath: copy)
            try FileManager.default.copyItem(atPath: test.db, toPath: copy)
            try FileManager.default.setAttributes([.posixPermissions: fileMode], ofItemAtPath: copy)
            try FileManager.default.setAttributes([.posixPermissions: folderMode], ofItemAtPath: folder)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sandbox.directory.path)
            if !FileManager.default.fileExists(atPath: sandbox.path("kakeibo")) {
                try FileManager.default.copyItem(atPath: sandbox.binary.path, toPath: sandbox.path("kakeibo"))
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sandbox.path("kakeibo"))
            }
            return copy
        }
    }

    /// Every refusal, grouped by the error that words it.
    static var refusals: [Refusal] { [
        // MARK: LedgerError
        Refusal("ambiguous-transaction", "history", "$PREFIX"),
        Refusal("invalid-account-name", "account", "open", "assets::bank"),
        Refusal("account-type-not-inferred", "account", "open", "stuff"),
        Refusal("unknown-account", "expense", "5", "--from", "assets:nope", "--category", "groceries"),
        Refusal("nothing-to-read", "register", "travel"),
        Refusal("account-exists", "account", "open", "assets:checking"),
        Refusal("account-closed", setup: [["account", "open", "assets:old"], ["account", "close", "assets:old"]],
                "expense", "5", "--from", "assets:old", "--category", "groceries"),
        Refusal("account-not-empty", "account", "close", "assets:checking"),
        Refusal("category-not-empty", "account", "close", "expenses:groceries"),
        Refusal("wrong-account-type", "expense", "5", "--from", "income:salary", "--category", "groceries"),
        Refusal("unknown-category", "expense", "5", "--from", "assets:checking", "--category", "nosuch"),
        Refusal("root-is-not-a-category", "budget", "set", "expenses", "100"),
        Refusal("no-income-in-currency", "goal", "set", "100", "--currency", "EUR"),
        Refusal("category-exists", "category", "add", "groceries"),
        Refusal("category-archived", setup: [["category", "add", "old"], ["category", "archive", "old"]],
                "expense", "5", "--from", "assets:checking", "--category", "old"),
        Refusal("currency-mismatch", setup: [["account", "open", "assets:euro", "--type", "asset", "--currency", "EUR"]],
                "transfer", "5", "--from", "assets:euro", "--to", "assets:checking"),
        Refusal("unbalanced", "txn", "--posting", "expenses:groceries=10", "--posting", "assets:checking=-9"),
        Refusal("zero-amount", "expense", "0", "--from", "assets:checking", "--category", "groceries"),
        Refusal("too-few-postings", "txn", "--posting", "expenses:groceries=10"),
        Refusal("invalid-amount", "expense", "12.34abc", "--from", "assets:checking", "--category", "groceries"),
        Refusal("too-many-decimals", "expense", "12.345", "--from", "assets:checking", "--category", "groceries"),
        Refusal("amount-overflow", "expense", "99999999999999999999", "--from", "assets:checking", "--category", "groceries"),
        Refusal("unknown-commodity", "account", "open", "assets:x", "--currency", "XYZ"),
        Refusal("unknown-currency", prepare: { sandbox, _ in sandbox.path("new.sqlite") }, "init", "--currency", "XYZ"),
        Refusal("balance-overflow", setup: [["income", "90000000000000000", "--to", "assets:checking", "--from", "income:salary"]],
                "income", "90000000000000000", "--to", "assets:checking", "--from", "income:salary"),
        Refusal("date-out-of-range", "expense", "5", "--from", "assets:checking", "--category", "groceries", "--date", "2026-02-30"),
        Refusal("date-bad-format", "expense", "5", "--from", "assets:checking", "--category", "groceries", "--date", "soon"),
        Refusal("invalid-text", "expense", "5", "--from", "assets:checking", "--category", "groceries", "--payee", "a\u{202E}b"),
        Refusal("invalid-hue", "category", "add", "fun", "--hue", "400"),
        Refusal("unknown-transaction", "edit", "deadbeef", "--amount", "1"),
        Refusal("same-account", "transfer", "5", "--from", "assets:checking", "--to", "assets:checking"),
        Refusal("root-change", "account", "rename", "assets:checking", "expenses:checking"),
        Refusal("nothing-to-change", "edit", "$EXPENSE", "--amount", "12.50"),
        Refusal("field-not-editable", "edit", "$EXPENSE", "--posting", "expenses:groceries=1", "--posting", "assets:checking"),
        Refusal("field-not-editable-category", "edit", "$TRANSFER", "--category", "groceries"),
        Refusal("position-beyond-log", "balance", "--at-position", "999"),
        Refusal("invalid-period", "budget", "report", "--period", "2026-13"),
        Refusal("non-positive-budget", "budget", "set", "groceries", "-10"),
        Refusal("no-budget", "budget", "clear", "groceries"),
        Refusal("not-an-expense-category", "budget", "set", "income:salary", "100"),
        Refusal("invalid-commodity", "commodity", "declare", "1BTC", "--precision", "8"),
        Refusal("unknown-receipt", "receipts", "show", "deadbeef"),
        Refusal("not-from-a-receipt", "receipts", "show", "$EXPENSE"),
        // Last of its group: no case after it uses $INCOME.
        Refusal("transaction-voided", setup: [["void", "$INCOME", "--reason", "duplicate"]], "edit", "$INCOME", "--amount", "1"),
        Refusal("receipt-without-total", prepare: file("no-total.json", """
            [{"text": "HELLO", "x": 0, "y": 0, "width": 100, "height": 20, "confidence": 0.9}]
            """), "import", "receipt", "--account", "assets:checking", "--observations", "$SANDBOX/no-total.json"),

        // MARK: EventStoreError
        Refusal("idempotency-conflict", setup: [["expense", "1", "--from", "assets:checking", "--category", "groceries", "--idempotency-key", "k1"]],
                "expense", "2", "--from", "assets:checking", "--category", "groceries", "--idempotency-key", "k1"),
        Refusal("ledger-not-found", prepare: { sandbox, _ in sandbox.path("nowhere/ledger.sqlite") }, "balance"),
        Refusal("ledger-exists", "init", "--currency", "USD"),
        Refusal("path-taken", prepare: { sandbox, _ in
            try Data("notes\n".utf8).write(to: URL(fileURLWithPath: sandbox.path("notes.txt")))
            return sandbox.path("notes.txt")
        }, "init", "--currency", "USD"),
        Refusal("no-folder", prepare: { sandbox, _ in sandbox.path("missing/folder/ledger.sqlite") }, "init", "--currency", "USD"),
        Refusal("not-a-ledger", prepare: { sandbox, _ in
            try Data("notes\n".utf8).write(to: URL(fileURLWithPath: sandbox.path("notes.txt")))
            return sandbox.path("notes.txt")
        }, "balance"),
        Refusal("damaged", prepare: copy("truncated.sqlite", truncateTo: 20_000), "balance"),
        Refusal("tampered-triggers", needsSQLite3: true, prepare: copy("tampered.sqlite", sql: "DROP TRIGGER events_refuse_update"),
                "expense", "1", "--from", "assets:checking", "--category", "groceries"),
        Refusal("tampered-event", needsSQLite3: true, prepare: { sandbox, test in
            // Deleted by hand, the trigger put back: only the chain shows it.
            let copy = try RefusalGoldenTests.copy("deleted.sqlite")(sandbox, test)!
            let trigger = try SQLite3.run(copy, "SELECT sql FROM sqlite_master WHERE name = 'events_refuse_delete'")
            try SQLite3.run(copy, "DROP TRIGGER events_refuse_delete; DELETE FROM events WHERE position = 7; \(trigger);")
            return copy
        }, "replay"),
        Refusal("read-only", user: "nobody", prepare: nobodysCopy(in: "shared", folderMode: 0o777, fileMode: 0o444),
                "expense", "1", "--from", "assets:checking", "--category", "groceries"),
        // A writable file in a folder that is not: SQLite cannot create the write-ahead log beside it.
        Refusal("read-only-folder", user: "nobody", prepare: nobodysCopy(in: "locked", folderMode: 0o555, fileMode: 0o666),
                "expense", "1", "--from", "assets:checking", "--category", "groceries"),
        // Another process holds the write lock past the busy timeout.
        Refusal("busy", holdsWriteLock: true, "expense", "1", "--from", "assets:checking", "--category", "groceries"),
        // A full disk: 32 KiB holds SQLite's shared-memory index (exactly 32 KiB) but not the expense's write-ahead log.
        Refusal("write-failed", fileSizeLimitKiB: 32, prepare: copy("full.sqlite"), "expense", "1", "--from", "assets:checking",
                "--category", "groceries"),
        Refusal("newer-schema", needsSQLite3: true,
                prepare: copy("newer.sqlite", sql: "INSERT INTO grdb_migrations VALUES ('9999_from_a_newer_kakeibo')"), "balance"),
        // The date rewritten in a form people may type: read leniently it would re-encode to the hashed bytes.
        Refusal("tampered-occurred-on", needsSQLite3: true, prepare: { sandbox, test in
            let copy = try RefusalGoldenTests.copy("redated.sqlite")(sandbox, test)!
            let trigger = try SQLite3.run(copy, "SELECT sql FROM sqlite_master WHERE name = 'events_refuse_update'")
            try SQLite3.run(copy, "DROP TRIGGER events_refuse_update; "
                            + "UPDATE events SET occurred_on = replace(occurred_on, '-', '/') WHERE position = (SELECT min(position) FROM events WHERE occurred_on IS NOT NULL); "
                            + "\(trigger);")
            return copy
        }, "replay"),

        // MARK: Reports
        Refusal("bad-query-term", "register", "amt:lots"),
        Refusal("bad-report-date", "balance", "-b", "2026-13-01"),
        Refusal("empty-report-range", "balance", "-b", "2026-11-10", "-e", "2026-11-01"),
        Refusal("verification-failed", needsSQLite3: true,
                prepare: copy("drifted.sqlite", sql: """
                    UPDATE balances SET amount = amount + 1
                    WHERE account_id = (SELECT account_id FROM accounts WHERE name = 'assets:checking');
                    """),
                "verify"),

        // MARK: Imports
        Refusal("journal-syntax", prepare: file("bad.journal", """
            2026-11-01 Bistro
                expenses:dining   $20
                assets:cash

            2026-11-02 Market
                expenses:food   $abc
                assets:cash

            """), "import", "journal", "$SANDBOX/bad.journal"),
        Refusal("journal-unbalanced", prepare: file("unbalanced.journal", """
            2026-11-01 Bistro
                expenses:dining   $20
                assets:cash      $-19

            """), "import", "journal", "$SANDBOX/unbalanced.journal"),
        Refusal("journal-control-character", prepare: file("control.journal", "2026-11-01 Bi\u{7}stro\n    expenses:dining   $20\n    assets:cash\n"),
                "import", "journal", "$SANDBOX/control.journal"),
        Refusal("journal-no-longer-in-file", prepare: { sandbox, _ in
            let journal = sandbox.path("books.journal")
            let first = "2026-11-01 Bistro\n    expenses:dining   $20\n    assets:cash\n\n"
            try Data((first + "2026-11-02 Market\n    expenses:dining   $5\n    assets:cash\n").utf8).write(to: URL(fileURLWithPath: journal))
            // Relative to the sandbox, where commands run: the journal's name in the message is the same every run.
            let imported = try sandbox.run(["import", "journal", "books.journal"])
            XCTAssertEqual(imported.exitCode, 0, "\(imported)")
            try Data(first.utf8).write(to: URL(fileURLWithPath: journal))
            return nil
        }, "import", "journal", "books.journal"),
        Refusal("journal-missing", "import", "journal", "$SANDBOX/missing.journal"),
        Refusal("receipt-not-an-image", prepare: file("receipt.jpg", "not a picture\n"),
                "import", "receipt", "--account", "assets:checking", "--engine", "tesseract", "$SANDBOX/receipt.jpg"),
        Refusal("receipt-empty", prepare: file("empty.png", ""), "import", "receipt", "--account", "assets:checking", "--engine", "tesseract",
                "$SANDBOX/empty.png"),
        Refusal("receipt-corrupt", prepare: { sandbox, _ in
            // A JPEG header and nothing after it: a truncated download.
            try Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00])
                .write(to: URL(fileURLWithPath: sandbox.path("cut.jpg")))
            return nil
        }, "import", "receipt", "--account", "assets:checking", "--engine", "tesseract", "$SANDBOX/cut.jpg"),

        // MARK: Batch
        Refusal("batch-parse", prepare: file("parse.batch", "# a comment\nexpense 1 --from assets:checking --category groceries\n  expense 'unclosed\n"),
                "batch", "$SANDBOX/parse.batch"),
        Refusal("batch-not-recording", prepare: file("report.batch", "balance\n"), "batch", "$SANDBOX/report.batch"),
        Refusal("batch-usage", prepare: file("usage.batch", "expense --from assets:checking --category groceries\n"), "batch", "$SANDBOX/usage.batch"),
        Refusal("batch-ledger", prepare: file("ledger.batch", "\nexpense 3 --from assets:nowhere --category groceries\n"),
                "batch", "$SANDBOX/ledger.batch"),
        Refusal("batch-missing", "batch", "$SANDBOX/missing.batch"),

        // MARK: Sync
        Refusal("sync-bad-remote", "sync", "--remote", "ftp://example", "--token", "kkb_x"),

        // MARK: Usage (ArgumentParser's words)
        Refusal("usage-missing-amount", "expense", "--from", "assets:checking", "--category", "groceries"),
        Refusal("usage-did-you-mean", "balanse"),
        Refusal("usage-validation", "balance", "--at-position=-1"),
        Refusal("usage-bad-option", "balance", "--nope"),
    ] }
}
