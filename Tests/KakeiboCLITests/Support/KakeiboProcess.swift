import Foundation
import KakeiboTestSupport
import XCTest

/// What one run of the `kakeibo` binary produced.
struct CommandResult: CustomStringConvertible {
    var arguments: [String]
    var exitCode: Int32
    /// True when the process died from a signal (a crash or the watchdog), not by exiting.
    var crashed: Bool
    var stdout: String
    var stderr: String

    /// Stdout without its final newline(s), for comparing whole outputs.
    var out: String { stdout.trimmingTrailingNewlines() }
    /// Stderr without its final newline(s).
    var err: String { stderr.trimmingTrailingNewlines() }
    var stderrLines: [String] { stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLastIfEmpty() }
    var stdoutLines: [String] { stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLastIfEmpty() }

    /// Stdout parsed as JSON (object or array).
    func json() throws -> Any {
        try JSONSerialization.jsonObject(with: Data(stdout.utf8), options: [.fragmentsAllowed])
    }

    func jsonObject(file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        try XCTUnwrap(try json() as? [String: Any], "stdout of \(commandLine) is not a JSON object:\n\(stdout)",
                      file: file, line: line)
    }

    func jsonArray(file: StaticString = #filePath, line: UInt = #line) throws -> [[String: Any]] {
        try XCTUnwrap(try json() as? [[String: Any]], "stdout of \(commandLine) is not a JSON array of objects:\n\(stdout)",
                      file: file, line: line)
    }

    var commandLine: String {
        "kakeibo " + arguments.map { $0.contains(" ") || $0.isEmpty ? "\"\($0)\"" : $0 }.joined(separator: " ")
    }

    var description: String {
        "\(commandLine)\n  exit: \(exitCode)\(crashed ? " (killed by a signal)" : "")\n  stdout: \(stdout.debugDescription)\n  stderr: \(stderr.debugDescription)"
    }
}

/// A temporary directory with a fresh ledger path, and a way to run the built `kakeibo` in it.
///
/// Every run gets a small, fixed environment: `KAKEIBO_NOW=2026-11-21`, `KAKEIBO_ACTOR=tester`,
/// `TZ=UTC`, `HOME` inside the sandbox, and nothing inherited that could point at a real ledger
/// (`KAKEIBO_DB`).
final class KakeiboSandbox {
    let directory: URL
    /// The ledger file every `run` passes as `--db`.
    let db: String
    let binary: URL
    var environment: [String: String]
    /// How many commands ran in this sandbox; lets a caller know nothing ran since it last looked.
    private(set) var runCount = 0

    init(binary: URL) throws {
        self.binary = binary
        let base = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
        directory = base.appendingPathComponent("kakeibo-cli-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        db = directory.appendingPathComponent("ledger.sqlite").path
        environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": directory.path,
            "TZ": "UTC",
            "LANG": "C.UTF-8",
            "KAKEIBO_NOW": "2026-11-21",
            "KAKEIBO_ACTOR": "tester",
        ].merging(SanitizerOptions.inherited) { $1 }
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Runs `kakeibo --db <db> <arguments>`.
    @discardableResult
    func run(_ arguments: [String], db: String? = nil) throws -> CommandResult {
        try runRaw(["--db", db ?? self.db] + arguments)
    }

    /// Runs `kakeibo <arguments>` exactly as given.
    @discardableResult
    func runRaw(_ arguments: [String], extraEnvironment: [String: String] = [:]) throws -> CommandResult {
        runCount += 1
        let output = try ChildProcess.run(binary, arguments, environment: environment.merging(extraEnvironment) { $1 },
                                          in: directory, timeout: 20)
        return CommandResult(arguments: arguments, exitCode: output.status, crashed: output.crashed,
                             stdout: output.stdout, stderr: output.stderr)
    }

    /// Finds the `kakeibo` executable built next to this test bundle (`KakeiboBinary`).
    static func locateBinary() throws -> URL { try KakeiboBinary.locate() }
}

/// Base class: a fresh sandbox per test, plus assertions shared by every command family.
class KakeiboCLITestCase: XCTestCase {
    private var _sandbox: KakeiboSandbox?
    var sandbox: KakeiboSandbox {
        guard let _sandbox else { preconditionFailure("setUpWithError did not run") }
        return _sandbox
    }
    var db: String { sandbox.db }

    override func setUpWithError() throws {
        try super.setUpWithError()
        let binary: URL
        do {
            binary = try KakeiboSandbox.locateBinary()
        } catch {
            XCTFail("\(error)")
            throw error
        }
        _sandbox = try KakeiboSandbox(binary: binary)
    }

    override func tearDownWithError() throws {
        _sandbox?.remove()
        _sandbox = nil
        try super.tearDownWithError()
    }

    // MARK: Running

    /// Runs `kakeibo --db <db> …` and returns the result, whatever it is.
    @discardableResult
    func kakeibo(_ arguments: String...) throws -> CommandResult {
        try sandbox.run(arguments)
    }

    /// Runs `kakeibo --db <db> …`, asserting it exits 0 and writes nothing to stderr.
    @discardableResult
    func ok(_ arguments: String..., file: StaticString = #filePath, line: UInt = #line) throws -> CommandResult {
        let result = try sandbox.run(arguments)
        XCTAssertEqual(result.exitCode, 0, "expected success:\n\(result)", file: file, line: line)
        XCTAssertFalse(result.crashed, "crashed:\n\(result)", file: file, line: line)
        XCTAssertEqual(result.stderr, "", "expected nothing on stderr:\n\(result)", file: file, line: line)
        return result
    }

    /// Runs a recording command and returns the transaction id it printed (alone on stdout).
    @discardableResult
    func record(_ arguments: String..., file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try sandbox.run(arguments)
        XCTAssertEqual(result.exitCode, 0, "expected success:\n\(result)", file: file, line: line)
        XCTAssertEqual(result.stderr, "", "expected nothing on stderr:\n\(result)", file: file, line: line)
        XCTAssertEqual(result.stdoutLines.count, 1, "expected exactly one line (the id):\n\(result)", file: file, line: line)
        let id = result.out
        XCTAssertTrue(id.isUUIDShaped, "expected a transaction id, got \(id.debugDescription):\n\(result)", file: file, line: line)
        return id
    }

    override class func tearDown() {
        TemplateCache.shared.removeAll(prefix: "\(self).")
        super.tearDown()
    }

    // MARK: The shared scenario

    typealias Scenario = StandardScenario

    /// A ledger holding the standard scenario (positions 1…9). The first test of a class that asks
    /// records it with the real commands (`recordStandardScenario`); later ones get a copy of that
    /// file, which keeps the suite fast. Returns the ids of the three entries.
    @discardableResult
    func standardLedger(file: StaticString = #filePath, line: UInt = #line) throws -> Scenario {
        let key = "\(type(of: self)).standard"
        if let template = TemplateCache.shared.template(key) {
            try template.copy(to: db)
            return try XCTUnwrap(template.scenario, file: file, line: line)
        }
        let scenario = try recordStandardScenario(file: file, line: line)
        try cacheTemplate(key, scenario: scenario)
        return scenario
    }

    /// A ledger after `init --currency USD` and `openStandardAccounts` (positions 1…6), built like `standardLedger`.
    func initialisedLedger(file: StaticString = #filePath, line: UInt = #line) throws {
        let key = "\(type(of: self)).initialised"
        if let template = TemplateCache.shared.template(key) {
            try template.copy(to: db)
            return
        }
        let created = try ok("init", "--currency", "USD", file: file, line: line)
        XCTAssertTrue(created.out.hasPrefix("created \(db) (USD, "), "\(created)", file: file, line: line)
        try openStandardAccounts(file: file, line: line)
        try cacheTemplate(key, scenario: nil)
    }

    /// Keeps a copy of the sandbox's ledger, unless something already failed while building it.
    private func cacheTemplate(_ key: String, scenario: Scenario?) throws {
        guard (testRun?.totalFailureCount ?? 0) == 0 else { return }
        try TemplateCache.shared.store(key, ledger: db, scenario: scenario)
    }

    /// The sequence every family builds on (positions 1…9):
    /// init, three accounts, the groceries category (2 events), an expense, an income, a transfer.
    @discardableResult
    func recordStandardScenario(file: StaticString = #filePath, line: UInt = #line) throws -> Scenario {
        let created = try ok("init", "--currency", "USD", file: file, line: line)
        // The zone is the process's (TZ=UTC), which Foundation may spell UTC or GMT.
        XCTAssertTrue(created.out.hasPrefix("created \(db) (USD, "), "\(created)", file: file, line: line)
        try openStandardAccounts(file: file, line: line)
        let expense = try record("expense", "12.50", "--from", "assets:checking", "--category", "groceries",
                                 "--payee", "Corner Shop", "--date", "2026-11-02", file: file, line: line)
        let income = try record("income", "2500", "--to", "assets:checking", "--from", "income:salary",
                                "--date", "2026-11-01", file: file, line: line)
        let transfer = try record("transfer", "100", "--from", "assets:checking", "--to", "liabilities:visa",
                                  "--date", "2026-11-03", file: file, line: line)
        XCTAssertEqual(Set([expense, income, transfer]).count, 3, "ids must differ", file: file, line: line)
        return Scenario(expense: expense, income: income, transfer: transfer)
    }

    func openStandardAccounts(file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try ok("account", "open", "assets:checking", "--type", "asset", file: file, line: line).out,
                       "opened assets:checking", file: file, line: line)
        XCTAssertEqual(try ok("account", "open", "liabilities:visa", "--type", "liability", file: file, line: line).out,
                       "opened liabilities:visa", file: file, line: line)
        XCTAssertEqual(try ok("account", "open", "income:salary", "--type", "income", file: file, line: line).out,
                       "opened income:salary", file: file, line: line)
        XCTAssertEqual(try ok("category", "add", "groceries", file: file, line: line).out,
                       "added category groceries", file: file, line: line)
    }

    /// `balance --format csv`, asserted to succeed.
    func balanceCSV(_ extra: String..., file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try sandbox.run(["balance", "--format", "csv"] + extra)
        XCTAssertEqual(result.exitCode, 0, "\(result)", file: file, line: line)
        XCTAssertEqual(result.stderr, "", "\(result)", file: file, line: line)
        return result.out
    }

    /// `verify --digest`: POSITION:SHA256 of the chain head.
    func digest(file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try sandbox.run(["verify", "--digest"])
        XCTAssertEqual(result.exitCode, 0, "\(result)", file: file, line: line)
        XCTAssertTrue(result.out.isDigestShaped, "not a POSITION:SHA256 digest: \(result)", file: file, line: line)
        lastDigest = (result.out, sandbox.runCount)
        return result.out
    }

    /// The digest `assertRefused` last read, while no other command has run since.
    private var lastDigest: (digest: String, runCount: Int)?

    private func currentDigest(file: StaticString, line: UInt) throws -> String {
        if let lastDigest, lastDigest.runCount == sandbox.runCount { return lastDigest.digest }
        return try digest(file: file, line: line)
    }

    /// The number of events `log --format json` shows.
    func eventCount(file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        let result = try sandbox.run(["log", "--format", "json"])
        XCTAssertEqual(result.exitCode, 0, "\(result)", file: file, line: line)
        return try result.jsonArray(file: file, line: line).count
    }

    // MARK: Failure assertions

    /// Asserts a run failed the way every refused command must: non-zero exit, no crash, nothing on
    /// stdout, and exactly one stderr line `kakeibo: error: …` containing each of `mentions`.
    func assertFailure(_ result: CommandResult, mentioning mentions: [String], exitCode: Int32? = nil,
                       file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(result.crashed, "crashed instead of failing cleanly:\n\(result)", file: file, line: line)
        XCTAssertNotEqual(result.exitCode, 0, "expected a failure:\n\(result)", file: file, line: line)
        if let exitCode {
            XCTAssertEqual(result.exitCode, exitCode, "exit code:\n\(result)", file: file, line: line)
        }
        XCTAssertEqual(result.stdout, "", "nothing belongs on stdout when a command fails:\n\(result)", file: file, line: line)
        XCTAssertEqual(result.stderrLines.count, 1, "expected a single stderr line:\n\(result)", file: file, line: line)
        XCTAssertTrue(result.stderr.hasPrefix("kakeibo: error: "), "stderr must start with `kakeibo: error: `:\n\(result)",
                      file: file, line: line)
        for mention in mentions {
            XCTAssertTrue(result.stderr.contains(mention), "stderr should mention \(mention.debugDescription):\n\(result)",
                          file: file, line: line)
        }
    }

    /// Runs `arguments`, asserts `assertFailure`, and that the log's head digest did not move.
    @discardableResult
    func assertRefused(_ arguments: [String], mentioning mentions: [String], exitCode: Int32? = nil,
                       file: StaticString = #filePath, line: UInt = #line) throws -> CommandResult {
        // Back-to-back refusals share the digest read after the previous one: nothing ran in between.
        let before = try currentDigest(file: file, line: line)
        let result = try sandbox.run(arguments)
        assertFailure(result, mentioning: mentions, exitCode: exitCode, file: file, line: line)
        // POSITION:SHA256 of the head: any appended event moves both.
        XCTAssertEqual(try digest(file: file, line: line), before, "the log changed after a refused command:\n\(result)",
                       file: file, line: line)
        return result
    }
}

// MARK: - Templates

struct StandardScenario: Sendable {
    var expense: String
    var income: String
    var transfer: String
}

/// Ledger files recorded once per test class and copied into each test's sandbox.
final class TemplateCache: @unchecked Sendable {
    static let shared = TemplateCache()

    struct Template {
        var ledger: URL
        var scenario: StandardScenario?

        /// Copies the ledger (and any WAL companions) to `path`, which must not exist yet.
        func copy(to path: String) throws {
            for suffix in ["", "-wal", "-shm"] {
                let source = ledger.path + suffix
                if FileManager.default.fileExists(atPath: source) {
                    try FileManager.default.copyItem(atPath: source, toPath: path + suffix)
                }
            }
        }
    }

    private let lock = NSLock()
    private var templates: [String: Template] = [:]
    private let root = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
        .appendingPathComponent("kakeibo-cli-templates-\(UUID().uuidString)", isDirectory: true)

    func template(_ key: String) -> Template? {
        lock.lock()
        defer { lock.unlock() }
        return templates[key]
    }

    func store(_ key: String, ledger path: String, scenario: StandardScenario?) throws {
        let directory = root.appendingPathComponent(key, isDirectory: true)
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let copy = directory.appendingPathComponent("ledger.sqlite")
        try Template(ledger: URL(fileURLWithPath: path), scenario: nil).copy(to: copy.path)
        lock.lock()
        defer { lock.unlock() }
        templates[key] = Template(ledger: copy, scenario: scenario)
    }

    func removeAll(prefix: String) {
        lock.lock()
        defer { lock.unlock() }
        for key in templates.keys where key.hasPrefix(prefix) {
            try? FileManager.default.removeItem(at: root.appendingPathComponent(key, isDirectory: true))
            templates[key] = nil
        }
        if templates.isEmpty { try? FileManager.default.removeItem(at: root) }
    }
}

// MARK: - Small helpers

extension String {
    func trimmingTrailingNewlines() -> String {
        var text = self
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    var isUUIDShaped: Bool {
        let parts = split(separator: "-", omittingEmptySubsequences: false)
        return parts.map(\.count) == [8, 4, 4, 4, 12]
            && allSatisfy { $0 == "-" || ("0"..."9").contains($0) || ("a"..."f").contains($0) }
    }

    /// `POSITION:SHA256` as printed by `verify --digest`.
    var isDigestShaped: Bool {
        let parts = split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let position = Int(parts[0]), position >= 0 else { return false }
        return parts[1].count == 64 && parts[1].allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
    }
}

extension Array where Element == String {
    func dropLastIfEmpty() -> [String] {
        last == "" ? Array(dropLast()) : self
    }
}

/// Runs `/usr/bin/sqlite3` (or skips the test when it is not installed).
enum SQLite3 {
    static let path = "/usr/bin/sqlite3"

    static func requireInstalled() throws {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw XCTSkip("\(path) is not installed (`make deps` installs the sqlite3 package); skipping this case")
        }
    }

    /// Runs SQL against a file and returns stdout; fails the test on a non-zero exit.
    @discardableResult
    static func run(_ database: String, _ sql: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try requireInstalled()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-batch", database, sql]
        let directory = URL(fileURLWithPath: database).deletingLastPathComponent()
        let token = UUID().uuidString
        let outURL = directory.appendingPathComponent(".sqlite3-out-\(token)")
        let errURL = directory.appendingPathComponent(".sqlite3-err-\(token)")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outURL)
            try? FileManager.default.removeItem(at: errURL)
        }
        let outHandle = try FileHandle(forWritingTo: outURL), errHandle = try FileHandle(forWritingTo: errURL)
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try outHandle.close()
        try errHandle.close()
        let out = String(decoding: try Data(contentsOf: outURL), as: UTF8.self)
        let err = String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
        XCTAssertEqual(process.terminationStatus, 0, "sqlite3 \(database) \(sql.debugDescription) failed: \(err)",
                       file: file, line: line)
        return out.trimmingTrailingNewlines()
    }
}
