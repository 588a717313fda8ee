import Foundation
import GRDB
import KakeiboTestSupport
import XCTest

/// Every refusal's whole stderr and exit code, pinned in `Fixtures/golden/stderr/refusals.txt`, as ArgumentParser's
/// example tests and hledger's `.test` files pin theirs: one case per error the CLI can meet (enumerated from
/// `LedgerError`, `EventStoreError` and the other library errors `ErrorMessage` renders), run against the built
/// `kakeibo` on the standard ledger. After each, the log's head digest (`verify --digest`) and any other file the
/// case refused to touch are what they were.
///
/// `KAKEIBO_UPDATE_GOLDEN=1 swift test --filter RefusalGoldenTests` rewrites the file; review the diff before
/// committing. In the file, `$SANDBOX` is the test's folder, `$EXPENSE`, `$INCOME` and `$TRANSFER` the standard
/// transactions and `$ID` any other transaction id.
final class RefusalGoldenTests: KakeiboCLITestCase {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/golden/stderr/refusals.txt")

    func testEveryRefusalMatchesItsGoldenLine() throws {
        let scenario = try standardLedger()
        let update = ProcessInfo.processInfo.environment["KAKEIBO_UPDATE_GOLDEN"] == "1"
        let pinned = (try? String(contentsOf: Self.golden, encoding: .utf8)).map(Self.entries) ?? [:]
        var rendered: [(name: String, block: String)] = []
        var names = Set<String>()
        // The head after the last case: a case with no setup starts from it, without another `verify --digest`.
        var head: String?
        for refusal in Self.refusals {
            XCTAssertTrue(names.insert(refusal.name).inserted, "two cases named \(refusal.name)")
            guard refusal.runs() else {
                // A case this machine cannot stage (it needs runuser as root) keeps its pinned text.
                if let block = pinned[refusal.name] { rendered.append((refusal.name, block)) }
                continue
            }
            let block = try run(refusal, scenario: scenario, digest: &head)
            rendered.append((refusal.name, block))
            if !update {
                XCTAssertEqual(block, pinned[refusal.name], "\(refusal.name) differs from \(Self.golden.lastPathComponent)")
            }
        }
        XCTAssertEqual(Set(pinned.keys).subtracting(names), [], "golden entries with no case")
        if update {
            try FileManager.default.createDirectory(at: Self.golden.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data((Self.header + rendered.map { "== \($0.name)\n\($0.block)\n" }.joined(separator: "\n")).utf8).write(to: Self.golden)
        }
    }

    // MARK: - Running one case

    /// `$ kakeibo ARGS`, the stderr lines, `exit N`: the case as the golden file shows it.
    private func run(_ refusal: Refusal, scenario: StandardScenario, digest head: inout String?) throws -> String {
        let expand = { (text: String) in
            text.replacingOccurrences(of: "$SANDBOX", with: self.sandbox.directory.path)
                .replacingOccurrences(of: "$EXPENSE", with: scenario.expense).replacingOccurrences(of: "$INCOME", with: scenario.income)
                .replacingOccurrences(of: "$TRANSFER", with: scenario.transfer)
                .replacingOccurrences(of: "$PREFIX", with: String(scenario.expense.prefix(4)))
        }
        for command in refusal.setup {
            let result = try sandbox.run(command.map(expand))
            XCTAssertEqual(result.exitCode, 0, "setup of \(refusal.name):\n\(result)")
        }
        let db = try refusal.prepare?(sandbox, self)
        let before = try refusal.setup.isEmpty && refusal.prepare == nil ? head ?? digest() : digest()
        // Another ledger's log, or any other file's bytes: SQLite may rewrite a ledger's header on opening, never its events.
        let untouched = db.map { path in (path, try? Self.contents(path)) }
        let arguments = refusal.arguments.map(expand)
        let lock = refusal.holdsWriteLock ? try holdWriteLock(on: db ?? self.db) : nil
        let result: CommandResult
        if refusal.user != nil || refusal.fileSizeLimitKiB != nil {
            var command = [refusal.user == nil ? sandbox.binary.path : sandbox.path("kakeibo"), "--db", db ?? self.db] + arguments
            if let limit = refusal.fileSizeLimitKiB {
                command = ["/bin/bash", "-c", "trap '' XFSZ; ulimit -f \(limit); exec \"$@\"", "bash"] + command
            }
            if let runAs = refusal.user { command = ["/usr/sbin/runuser", "-u", runAs, "--"] + command }
            let output = try ChildProcess.run(URL(fileURLWithPath: command[0]), Array(command.dropFirst()),
                                              environment: sandbox.environment, in: sandbox.directory, timeout: 20)
            result = CommandResult(arguments: arguments, exitCode: output.status, crashed: output.crashed, stdout: output.stdout,
                                   stderr: output.stderr)
        } else {
            result = try sandbox.run(arguments, db: db)
        }
        try lock?.close() // rolls the held transaction back
        XCTAssertFalse(result.crashed, "\(refusal.name) crashed:\n\(result)")
        XCTAssertNotEqual(result.exitCode, 0, "\(refusal.name) was not refused:\n\(result)")
        XCTAssertTrue(result.stderr.hasPrefix("kakeibo: error: "), "\(refusal.name):\n\(result)")
        if !refusal.printsResults {
            XCTAssertEqual(result.stdout, "", "\(refusal.name): nothing belongs on stdout when a command fails:\n\(result)")
        }
        head = try digest()
        XCTAssertEqual(head, before, "\(refusal.name) changed the log:\n\(result)")
        if let (path, contents) = untouched {
            XCTAssertEqual(try? Self.contents(path), contents, "\(refusal.name) changed \(path)")
        }
        var stderr = result.err.replacingOccurrences(of: sandbox.directory.path, with: "$SANDBOX")
        for (id, name) in [(scenario.expense, "$EXPENSE"), (scenario.income, "$INCOME"), (scenario.transfer, "$TRANSFER")] {
            stderr = stderr.replacingOccurrences(of: id, with: name)
        }
        stderr = stderr.replacingOccurrences(of: #"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"#, with: "$ID",
                                             options: .regularExpression)
        stderr = stderr.replacingOccurrences(of: "\"\(scenario.expense.prefix(4))\"", with: "\"$PREFIX\"")
        return "$ kakeibo \(refusal.arguments.joined(separator: " "))\n\(stderr)\nexit \(result.exitCode)"
    }

    /// Another writer: a connection in this process that has begun a write transaction on `path` and keeps it open
    /// until closed, so the command waits out its busy timeout.
    private func holdWriteLock(on path: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.inDatabase { try $0.execute(sql: "BEGIN IMMEDIATE") }
        return queue
    }

    /// What a refused command must leave as it was: a ledger's events (by `sqlite3`), any other file's bytes.
    static func contents(_ path: String) throws -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        // sqlite3 reading a WAL-mode file creates its -wal and -shm with the file's permissions; removed again, so the
        // command meets the folder as the case staged it (a read-only folder holds no write-ahead log it could use).
        let created = [path + "-wal", path + "-shm"].filter { !FileManager.default.fileExists(atPath: $0) }
        defer { for file in created { try? FileManager.default.removeItem(atPath: file) } }
        guard data.starts(with: Data("SQLite format 3".utf8)), FileManager.default.isExecutableFile(atPath: SQLite3.path),
              let events = try? ChildProcess.run(URL(fileURLWithPath: SQLite3.path),
                                                 ["-readonly", "-batch", path, "SELECT count(*), group_concat(hex(hash), ',') FROM events"]),
              events.status == 0
        else { return data.base64EncodedString() }
        return events.stdout
    }

    /// The golden file's cases by name: the text between `== NAME` and the next case.
    static func entries(_ text: String) -> [String: String] {
        var entries: [String: String] = [:]
        for chunk in text.components(separatedBy: "\n== ").dropFirst() {
            let lines = chunk.split(separator: "\n", omittingEmptySubsequences: false)
            guard let name = lines.first else { continue }
            entries[String(name)] = lines.dropFirst().joined(separator: "\n").trimmingCharacters(in: .newlines)
        }
        return entries
    }

    static let header = """
        # Every refusal the CLI makes: the command, its whole stderr, its exit code. Written by RefusalGoldenTests
        # (KAKEIBO_UPDATE_GOLDEN=1 rewrites it). $SANDBOX is the test's folder; $EXPENSE, $INCOME and $TRANSFER the
        # standard ledger's transactions, $ID any other transaction id, $PREFIX the first four characters they share.

        """
}
