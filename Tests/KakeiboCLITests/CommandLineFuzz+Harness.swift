import ArgumentParser
import Foundation
@testable import kakeibo
import KakeiboDomain
import KakeiboLedger

/// Runs argument vectors in this process, as `Kakeibo.main` would (parse, run, render the error), against a
/// small ledger, and checks the command line's contract for each:
/// - it never traps (a trap kills the process; the signal handler first prints the vector that caused it);
/// - it is recorded (the log grew; `verify` holds at the end of each epoch: chain, every transaction balances,
///   projections equal a replay), or it is refused with one line (`ErrorMessage`, as printed) and a non-zero
///   exit code, the log's head unchanged;
/// - a report (`bal`) or an idempotent repeat changes nothing.
///
/// The ledger is a file on /dev/shm when there is one (tmpfs: no disk in the loop), recreated from a template
/// every `resetEvery` runs so the log stays small and each epoch starts from the same state.
final class CommandLineFuzzer {
    struct Violation: CustomStringConvertible {
        var run: Int
        var arguments: [String]
        var problem: String
        var description: String {
            "run \(run): " + CommandLineFuzzer.shellWords(arguments) + "\n    " + problem
        }
    }

    struct Statistics {
        var runs = 0, recorded = 0, refused = 0, reports = 0, unchanged = 0, helpShown = 0, verifications = 0
        /// Vectors not run because they hit a trap already found and reported (see `knownTrap`).
        var knownTraps: [String: Int] = [:]
        var refusalsByFirstWords: [String: Int] = [:]
    }

    let folder: String
    private let template: String
    private(set) var path = ""
    private var observer: Ledger?
    private var epoch = 0
    private var runsInEpoch = 0
    private var recordedInEpoch: [(Int, [String])] = []
    let resetEvery: Int
    private(set) var targets = CommandLineGrammar.Targets()
    private(set) var statistics = Statistics()
    private(set) var violations: [Violation] = []

    init(resetEvery: Int = 200) throws {
        self.resetEvery = resetEvery
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        folder = base + "/kakeibo-cli-fuzz-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        template = folder + "/template.sqlite"
        try CommandLineFuzzer.withEnvironment(db: template) {
            try Self.silenced {
                for arguments in [
                    ["init", "--currency", "USD"],
                    ["account", "open", "assets:checking", "--type", "asset"],
                    ["account", "open", "assets:cash", "--type", "asset"],
                    ["account", "open", "liabilities:visa", "--type", "liability"],
                    ["account", "open", "income:salary", "--type", "income"],
                    ["account", "open", "assets:euro", "--type", "asset", "--currency", "EUR"],
                    ["category", "add", "groceries"],
                    ["category", "add", "food"],
                    ["expense", "12.50", "--from", "assets:checking", "--category", "groceries", "--payee", "Corner Shop",
                     "--date", "2026-11-02"],
                    ["price", "EUR", "1.08", "--date", "2026-11-01"],
                ] {
                    var command = try Kakeibo.parseAsRoot(arguments)
                    try command.run()
                }
            }
        }
        let ledger = try Ledger.open(at: template)
        targets.transactionID = try ledger.transactions().first?.id ?? targets.transactionID
    }

    deinit {
        observer = nil
        GlobalOptions.alreadyOpen = nil
        try? FileManager.default.removeItem(atPath: folder)
    }

    // MARK: - Running

    /// Runs `runs` generated vectors from `seed`, starting at run `start`; each run's grammar is seeded by
    /// (seed, run), so one run's vector is reproduced without the others.
    func fuzz(seed: UInt64, start: Int = 0, runs: Int, progress: ((Statistics) -> Void)? = nil) throws {
        try Self.withEnvironment(db: nil) {
            try Self.silenced {
                for run in start..<(start + runs) {
                    var grammar = CommandLineGrammar(seed: Self.seed(seed, run: run), targets: targets)
                    try execute(grammar.arguments(), run: run)
                    if let progress, run % 20_000 == 19_999 { Self.unsilenced { progress(statistics) } }
                }
                try endEpoch()
            }
        }
    }

    /// Runs fixed vectors (the regressions) through the same checks.
    func check(_ vectors: [[String]]) throws {
        try Self.withEnvironment(db: nil) {
            try Self.silenced {
                for (index, arguments) in vectors.enumerated() { try execute(arguments, run: index) }
                try endEpoch()
            }
        }
    }

    /// A long run prints each violation as it is found (the summary comes only at the end).
    private func record(_ violation: Violation) {
        violations.append(violation)
        if violations.count <= 200 { Self.unsilenced { print("command-line fuzz: violation: \(violation)") } }
    }

    static func seed(_ seed: UInt64, run: Int) -> UInt64 {
        seed &* 0x2545_F491_4F6C_DD1D &+ UInt64(run) &* 0x9E37_79B9_7F4A_7C15
    }

    private func execute(_ arguments: [String], run: Int) throws {
        if observer == nil || runsInEpoch >= resetEvery { try startEpoch() }
        guard let observer else { return }
        runsInEpoch += 1
        statistics.runs += 1
        if skipsKnownTraps, let trap = Self.knownTrap(arguments) {
            statistics.knownTraps[trap, default: 0] += 1
            return
        }
        CrashReporter.current(run: run, arguments: arguments)
        let before = try observer.head()
        var refusal: ErrorMessage?
        var helpShown = false
        var parsed: (any ParsableCommand)?
        do {
            // The command's own `run()`, as `Kakeibo.main` calls it; `GlobalOptions.alreadyOpen` hands it the epoch's
            // open ledger instead of opening the file again for every vector.
            var command = try Self.parse(arguments, throughRoot: run % Self.rootEvery == 0)
            parsed = command
            try command.run()
        } catch {
            // `Kakeibo.main` asks `exitCode(for:)` first; each call renders the usage text of a parse error (the
            // fuzzer's most common refusal), so the exit code `ErrorMessage` already holds is asked instead, and
            // `exitCode(for:)` only when that says 0 (--help, or a refusal with exit code 0, which is a violation).
            let message = ErrorMessage(error)
            if message.exitCode == 0 && Kakeibo.exitCode(for: error) == .success { helpShown = true } else { refusal = message }
        }
        fflush(nil)
        let after = try observer.head()
        func violation(_ problem: String) { record(Violation(run: run, arguments: arguments, problem: problem)) }
        if let refusal {
            statistics.refused += 1
            let printed = Terminal.safe(refusal.line)
            statistics.refusalsByFirstWords[printed.split(separator: " ").prefix(3).joined(separator: " "), default: 0] += 1
            // A refusal quoting a typed line break used to print on two lines; `ErrorMessage` spells it `\n` now.
            if printed.isEmpty || printed.contains("\n") { violation("refused in \(printed.split(separator: "\n").count) lines: \(printed.debugDescription)") }
            if refusal.exitCode == 0 { violation("refused with exit code 0: \(printed)") }
            if after != before { violation("refused (\(printed)) but the log changed: \(before.position) -> \(after.position)") }
        } else if helpShown || Self.isReport(arguments) {
            helpShown ? (statistics.helpShown += 1) : (statistics.reports += 1)
            if after != before { violation("a report or --help changed the log: \(before.position) -> \(after.position)") }
        } else if after.position > before.position {
            statistics.recorded += 1
            recordedInEpoch.append((run, arguments))
        } else {
            statistics.unchanged += 1
            // A price the ledger already holds for that pair and day records nothing (N17), and says so.
            if let price = parsed as? Price, (try? Self.holds(price, observer)) == true { return }
            if !arguments.contains(where: { $0.hasPrefix("--idempotency-key") }) {
                violation("succeeded without recording anything or refusing (log at \(after.position))")
            }
        }
    }

    /// One vector in `rootEvery` is parsed through `Kakeibo.parseAsRoot`, so root parsing stays covered; the
    /// rest by the leaf command's type (`parse`). Parsing through the root cost 1.06 ms a vector against 0.32 ms
    /// for the leaf (release, FUZZ_CLI_PROFILE=1, session 12): most of a run once the ledger stays open.
    static let rootEvery = 50

    /// The leaf command types of the grammar's commands, by the words that name them.
    static let leaves: [String: any ParsableCommand.Type] = [
        "expense": Expense.self, "income": Income.self, "transfer": Transfer.self, "txn": Txn.self, "edit": Edit.self,
        "price": Price.self, "bal": Balance.self, "balance": Balance.self, "budget set": BudgetCommand.Set.self,
    ]

    /// Words that the root reads wherever they stand (help, version, completion scripts): a vector holding one goes
    /// through the root, since the leaf would read them otherwise.
    static let rootWords: Set<String> = ["help", "-h", "--help", "-help", "--version", "--experimental-dump-help",
                                         "--generate-completion-script"]

    /// `arguments` parsed as `kakeibo` would: the first word (two for `budget set`) names the leaf command, as the
    /// root's dispatch names it, and the rest are parsed by that type alone. Anything else goes through the root.
    /// `testLeafDispatchAgreesWithTheRoot` checks the two agree on the short slot's vectors.
    static func parse(_ arguments: [String], throughRoot: Bool) throws -> any ParsableCommand {
        if !throughRoot, let first = arguments.first, !arguments.contains(where: { rootWords.contains($0) || $0.hasPrefix("--generate") }) {
            if first == "budget", arguments.count > 1, arguments[1] == "set" {
                return try BudgetCommand.Set.parseAsRoot(Array(arguments.dropFirst(2)))
            }
            if first != "budget", let leaf = leaves[first] { return try leaf.parseAsRoot(Array(arguments.dropFirst())) }
        }
        return try Kakeibo.parseAsRoot(arguments)
    }

    /// Whether the ledger holds `price` already: its pair, its day (today without `--date`) and its value (1.08 = 1.080).
    static func holds(_ price: Price, _ ledger: Ledger) throws -> Bool {
        let commodity = try ledger.commodityArgument(price.commodity)
        let quote = try price.in.map { try ledger.commodityArgument($0) } ?? ledger.settings().baseCurrency
        let day = try price.date ?? ledger.today()
        let value = try ExactDecimal(parsing: price.amountWords[0])
        func trimmed(_ value: ExactDecimal) -> (Int64, Int) {
            var (mantissa, scale) = (value.mantissa, value.scale)
            while scale > 0, mantissa % 10 == 0 { mantissa /= 10; scale -= 1 }
            return (mantissa, scale)
        }
        return try ledger.prices().contains {
            $0.commodity == commodity && $0.quote == quote && $0.date == day && trimmed($0.value) == trimmed(value)
        }
    }

    /// `kakeibo 'a' 'b'…`, quoted for a POSIX shell, to replay a vector by hand.
    static func shellWords(_ arguments: [String]) -> String {
        "kakeibo " + arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
    }

    /// Whether vectors that hit a known, reported trap are skipped, so a long run goes on to find the next one.
    /// `FUZZ_CLI_KNOWN_TRAPS=run` runs them (and dies on the first, printing it).
    var skipsKnownTraps = ProcessInfo.processInfo.environment["FUZZ_CLI_KNOWN_TRAPS"] != "run"

    /// Traps found by this fuzzer, open when it was written; each has a regression test in
    /// `CommandLineFuzzRegressionTests` (run as a child process, so it fails instead of killing the test run).
    /// Remove an entry once its fix lands.
    static func knownTrap(_ arguments: [String]) -> String? {
        // None open: `--as-of 9999-12-31` with a query or period (Ledger+QueryReports added a day past year 9999) was
        // fixed in 9a416a5 (`LocalDate.nextDay`), and its regression cases pass.
        nil
    }

    static func isReport(_ arguments: [String]) -> Bool {
        ["bal", "balance"].contains(arguments.first ?? "")
    }

    /// A fresh copy of the template; the previous epoch is verified first.
    private func startEpoch() throws {
        try endEpoch()
        epoch += 1
        runsInEpoch = 0
        let next = folder + "/epoch-\(epoch).sqlite"
        for suffix in ["", "-wal"] where FileManager.default.fileExists(atPath: template + suffix) {
            try FileManager.default.copyItem(atPath: template + suffix, toPath: next + suffix)
        }
        path = next
        setenv("KAKEIBO_DB", path, 1)
        // The environment a `kakeibo` process gets (KAKEIBO_NOW's clock, the actor), as `GlobalOptions.openLedger` gives it.
        let ledger = try Ledger.open(at: path, environment: .fromProcess())
        observer = ledger
        GlobalOptions.alreadyOpen = (path, ledger)
    }

    /// `verify` on the epoch's ledger: the chain, every transaction balancing, projections equal to a replay.
    private func endEpoch() throws {
        guard let observer else { return }
        if !recordedInEpoch.isEmpty {
            statistics.verifications += 1
            let report = try observer.verify()
            if !report.isValid {
                let recorded = recordedInEpoch.map { "\n      run \($0.0): " + Self.shellWords($0.1) }.joined()
                record(Violation(run: recordedInEpoch.last?.0 ?? 0, arguments: recordedInEpoch.last?.1 ?? [],
                                 problem: "verify failed after this epoch: \(report.problems)\(recorded)"))
            }
        }
        recordedInEpoch = []
        self.observer = nil
        GlobalOptions.alreadyOpen = nil
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    // MARK: - Process state

    /// Points `KAKEIBO_DB` at `db` (the epoch's ledger when nil) and fixes the clock, restoring both after.
    private static func withEnvironment<T>(db: String?, _ body: () throws -> T) rethrows -> T {
        let names = ["KAKEIBO_DB", "KAKEIBO_NOW", "KAKEIBO_ACTOR", "KAKEIBO_SEED"]
        let saved: [(String, String?)] = names.map { name in (name, getenv(name).map { String(cString: $0) }) }
        defer {
            for (name, value) in saved {
                if let value { setenv(name, value, 1) } else { unsetenv(name) }
            }
        }
        if let db { setenv("KAKEIBO_DB", db, 1) }
        setenv("KAKEIBO_NOW", "2026-11-21", 1)
        setenv("KAKEIBO_ACTOR", "fuzzer", 1)
        unsetenv("KAKEIBO_SEED")
        return try body()
    }

    private nonisolated(unsafe) static var savedOutput: Int32 = -1
    private nonisolated(unsafe) static var savedError: Int32 = -1

    /// Stdout and stderr go to /dev/null while `body` runs: the commands print tables and notes.
    static func silenced<T>(_ body: () throws -> T) rethrows -> T {
        fflush(nil)
        let output = dup(STDOUT_FILENO), error = dup(STDERR_FILENO)
        let null = open("/dev/null", O_WRONLY)
        dup2(null, STDOUT_FILENO)
        dup2(null, STDERR_FILENO)
        close(null)
        let outer = (savedOutput, savedError)
        savedOutput = output
        savedError = error
        CrashReporter.install(reportingTo: error)
        defer {
            fflush(nil)
            dup2(output, STDOUT_FILENO)
            dup2(error, STDERR_FILENO)
            close(output)
            close(error)
            (savedOutput, savedError) = outer
            CrashReporter.uninstall()
        }
        return try body()
    }

    /// The real stdout for a moment inside `silenced` (progress lines of a long run).
    static func unsilenced(_ body: () -> Void) {
        guard savedOutput >= 0 else { return body() }
        fflush(nil)
        let null = dup(STDOUT_FILENO)
        dup2(savedOutput, STDOUT_FILENO)
        body()
        fflush(nil)
        dup2(null, STDOUT_FILENO)
        close(null)
    }
}

/// Prints the argument vector being run when the process dies of a trap, then lets the previous handler (the
/// Swift runtime's backtracer) have the signal.
enum CrashReporter {
    private nonisolated(unsafe) static var message = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 16)
    private nonisolated(unsafe) static var length = 0
    private nonisolated(unsafe) static var descriptor: Int32 = -1
    /// The handlers found at install, by signal number: read in the handler, so no dictionary.
    private nonisolated(unsafe) static var previous = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    private nonisolated(unsafe) static var installed = false
    static let signals: [Int32] = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE]

    static func current(run: Int, arguments: [String]) {
        let text = "\ncommand-line fuzz: crashed at run \(run) on: kakeibo "
            + arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ") + "\n"
        let bytes = Array(text.utf8.prefix(message.count))
        _ = message.initialize(from: bytes)
        length = bytes.count
    }

    static func install(reportingTo fd: Int32) {
        descriptor = fd
        guard !installed else { return }
        installed = true
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                if CrashReporter.descriptor >= 0 && CrashReporter.length > 0 {
                    _ = write(CrashReporter.descriptor, CrashReporter.message.baseAddress, CrashReporter.length)
                }
                // Back to the handler that was there; a trap re-executes and reaches it, abort() raises again.
                sigaction(number, CrashReporter.previous + Int(number), nil)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, previous + Int(signal))
        }
    }

    static func uninstall() {
        guard installed else { return }
        installed = false
        for signal in signals { sigaction(signal, previous + Int(signal), nil) }
        length = 0
    }
}
