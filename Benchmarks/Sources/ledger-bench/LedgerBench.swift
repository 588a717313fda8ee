import Foundation
import KakeiboDomain
import KakeiboLedger
import LedgerGenerator

/// Quick figures for Kakeibo's performance targets, without package-benchmark:
///
///     swift run -c release --package-path Benchmarks ledger-bench --events 100000
///
/// See Benchmarks/README.md for what each line measures.
@main
struct LedgerBench {
    struct Options {
        var events = 100_000
        var batch: Int?
        var runs = 20
        var processRuns = 10
        var seed: UInt64 = 0x4B61_6B65_6962_6F21
        var directory: String?
        var ledgerPath: String?
        var kakeibo: String?
        var keep = false
        var skipBatch = false
        var skipProcess = false
        var loadBatch = 10_000
        /// Sections to run; nil means all. Handy under a profiler: `--only batch`.
        var only: Set<String>?

        func runs(_ section: String) -> Bool { only?.contains(section) ?? true }

        static let usage = """
            usage: ledger-bench [--events N] [--batch N] [--runs N] [--process-runs N] [--seed N]
                                [--dir PATH] [--ledger PATH] [--kakeibo PATH] [--keep] [--skip-batch] [--skip-process]
                                [--only batch,replay,balances,single,process]

              --events N        size of the household ledger, in events (default 100000; 1_000_000 or 1m work)
              --batch N         expenses appended in the one-batch test (default: --events)
              --runs N          repetitions of the single-expense and balances() timings (default 20)
              --process-runs N  repetitions of `kakeibo balance` (default 10)
              --ledger PATH     reuse this household ledger if it exists, else build it there and keep it
              --kakeibo PATH    the CLI binary (default: Benchmarks/.build/release/kakeibo, then .build/release/kakeibo)
              --dir PATH        where temporary ledgers go (default: a new folder in $TMPDIR)
              --keep            keep the temporary ledgers
              --only LIST       run only these sections (comma-separated), e.g. under perf or callgrind
              --load-batch N    commands per record(batch:) while building the household ledger (default 10000)
            """

        static func parse(_ arguments: [String]) throws -> Options {
            var options = Options()
            var iterator = arguments.makeIterator()
            func value(_ flag: String) throws -> String {
                guard let value = iterator.next() else { throw UsageError("\(flag) needs a value") }
                return value
            }
            func count(_ flag: String) throws -> Int {
                let text = try value(flag).lowercased().replacingOccurrences(of: "_", with: "")
                let (digits, scale) = text.hasSuffix("m") ? (String(text.dropLast()), 1_000_000)
                    : text.hasSuffix("k") ? (String(text.dropLast()), 1_000) : (text, 1)
                guard let number = Int(digits), number > 0 else { throw UsageError("\(flag) needs a positive number, not \(text)") }
                return number * scale
            }
            while let argument = iterator.next() {
                switch argument {
                case "--events": options.events = try count(argument)
                case "--batch": options.batch = try count(argument)
                case "--runs": options.runs = try count(argument)
                case "--process-runs": options.processRuns = try count(argument)
                case "--load-batch": options.loadBatch = try count(argument)
                case "--seed":
                    guard let seed = UInt64(try value(argument)) else { throw UsageError("--seed needs an unsigned integer") }
                    options.seed = seed
                case "--dir": options.directory = try value(argument)
                case "--ledger": options.ledgerPath = try value(argument)
                case "--kakeibo": options.kakeibo = try value(argument)
                case "--keep": options.keep = true
                case "--skip-batch": options.skipBatch = true
                case "--skip-process": options.skipProcess = true
                case "--only":
                    let sections = Set(try value(argument).split(separator: ",").map(String.init))
                    let known: Set = ["batch", "replay", "balances", "single", "process"]
                    guard sections.isSubset(of: known) else { throw UsageError("--only takes \(known.sorted().joined(separator: ","))") }
                    options.only = sections
                case "-h", "--help": print(usage); exit(0)
                default: throw UsageError("unknown argument \(argument)")
                }
            }
            return options
        }
    }

    struct UsageError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    static func main() {
        if CommandLine.arguments.dropFirst().first == Spawn.helperFlag {
            Spawn.helperMain(Array(CommandLine.arguments.dropFirst(2)))
        }
        do {
            let options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
            try run(options)
        } catch let error as UsageError {
            FileHandle.standardError.write(Data("ledger-bench: \(error)\n\n\(Options.usage)\n".utf8))
            exit(2)
        } catch {
            FileHandle.standardError.write(Data("ledger-bench: \(error)\n".utf8))
            exit(1)
        }
    }

    static func log(_ text: String) {
        FileHandle.standardError.write(Data("[\(timestamp())] \(text)\n".utf8))
    }

    static let started = ContinuousClock.now
    static func timestamp() -> String { String(format: "%7.1fs", (ContinuousClock.now - started).seconds) }

    // MARK: - The run

    static func run(_ options: Options) throws {
        _ = started
        let directory = options.directory ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("ledger-bench-\(ProcessInfo.processInfo.processIdentifier)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer {
            if !options.keep && options.directory == nil { try? FileManager.default.removeItem(atPath: directory) }
        }
        var table = Report()
        log("ledger-bench: \(options.events) events, seed \(options.seed), ledgers in \(directory)")
        table.note("machine", "\(ProcessInfo.processInfo.activeProcessorCount) cores, \(ProcessInfo.processInfo.operatingSystemVersionString)")

        // The big household ledger.
        let bigPath = options.ledgerPath ?? directory + "/household.sqlite"
        if options.only != nil, options.only == ["batch"] {
            try batchAppend(options, directory: directory, table: &table)
            print(table.render())
            return
        }
        let big: Ledger
        if FileManager.default.fileExists(atPath: bigPath) {
            big = try Ledger.open(at: bigPath)
            log("reusing \(bigPath): \(try big.head().position) events")
        } else {
            big = try buildHousehold(at: bigPath, options: options, table: &table)
        }
        let bigEvents = try big.head().position
        table.note("household ledger", "\(bigEvents) events, \(megabytes(fileSize(bigPath))) MB file (+ WAL \(megabytes(fileSize(bigPath + "-wal"))) MB)")

        // (3) Full replay, in process.
        if options.runs("replay") {
            let residentBefore = Memory.resident ?? 0
            let peakReset = Memory.resetPeak()
            log("replay of \(bigEvents) events…")
            let ((position, elapsed), cpu) = try Timing.processCPU { try Timing.measure { try big.replay() } }
            let peak = Memory.peakResident ?? 0
            table.add("replay \(count(position)) events", "\(fixed(elapsed.seconds, 2)) s",
                      target: "≤ 3 s at 1M", pass: scaledTarget(elapsed.seconds, limit: 3, at: 1_000_000, events: position))
            table.add("replay rate", "\(count(Int64(Double(position) / elapsed.seconds))) events/s")
            table.add("  of which CPU", "\(fixed(cpu.seconds, 2)) s = \(count(Int64(Double(position) / cpu.seconds))) events/s")
            table.add("replay RSS before → peak", "\(megabytes(residentBefore)) → \(megabytes(peak)) MB"
                      + (peakReset ? " (peak reset before replay)" : " (VmHWM not resettable: peak of whole process)"),
                      target: "≤ 200 MB", pass: peak <= 200 * 1_048_576)
        }

        // (4) balances() on the big ledger.
        if options.runs("balances") {
            let (_, cold) = try Timing.measure { try big.balances() }
            var times: [Duration] = []
            var lines = 0
            for _ in 0..<options.runs {
                let (report, elapsed) = try Timing.measure { try big.balances() }
                lines = report.accounts.count
                times.append(elapsed)
            }
            table.add("balances() (\(lines) accounts)", "\(fixed(Timing.median(times).milliseconds, 3)) ms median, first \(fixed(cold.milliseconds, 3)) ms")
        }

        // (2) One expense: empty ledger vs the big one.
        if options.runs("single") {
            let emptyPath = directory + "/empty.sqlite"
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: emptyPath + suffix) }
            var generator = HouseholdGenerator(seed: options.seed)
            var loader = LedgerLoader(ledger: try LedgerLoader.createLedger(at: emptyPath, seed: options.seed &+ 7))
            try loader.record(generator.setup())
            let empty = try Ledger.open(at: emptyPath)
            let bigAgain = try Ledger.open(at: bigPath)
            var expenses = HouseholdGenerator(seed: options.seed &+ 99)
            _ = expenses.setup()
            for ledger in [empty, bigAgain] { for _ in 0..<3 { try ledger.record(expenses.expense()) } } // warm-up
            var onEmpty: [Duration] = [], onBig: [Duration] = []
            for _ in 0..<options.runs {
                let command = expenses.expense()
                onEmpty.append(try Timing.measure { try empty.record(command) }.1)
                onBig.append(try Timing.measure { try bigAgain.record(command) }.1)
            }
            let emptyMedian = Timing.median(onEmpty), bigMedian = Timing.median(onBig)
            let ratio = bigMedian.seconds / emptyMedian.seconds
            table.add("record(.captureExpense) empty ledger", "\(fixed(emptyMedian.milliseconds, 3)) ms median (p90 \(fixed(Timing.percentile(onEmpty, 90).milliseconds, 3)))")
            table.add("record(.captureExpense) \(count(bigEvents)) events", "\(fixed(bigMedian.milliseconds, 3)) ms median (p90 \(fixed(Timing.percentile(onBig, 90).milliseconds, 3)))")
            table.add("  ratio big / empty", "\(fixed(ratio, 2))×", target: "≤ 1.5×", pass: ratio <= 1.5)
        }

        // (1) Batch append of N expenses in one record(batch:).
        if !options.skipBatch && options.runs("batch") {
            try batchAppend(options, directory: directory, table: &table)
        }
        // (5) Whole process: kakeibo balance (and replay) as a user runs them.
        if !options.skipProcess && options.runs("process") {
            if let binary = kakeiboBinary(options) {
                let arguments = [binary, "--db", bigPath, "balance"]
                _ = try Spawn.run(arguments) // warm the page cache and the binary
                var runs: [ChildRun] = []
                for _ in 0..<options.processRuns { runs.append(try Spawn.run(arguments)) }
                guard runs.allSatisfy({ $0.status == 0 }) else {
                    throw UsageError("\(arguments.joined(separator: " ")) exited with \(runs.map(\.status))")
                }
                let median = Timing.median(runs.map(\.wall))
                let memory = try Spawn.measured(arguments)
                table.add("`kakeibo balance` whole process", "\(fixed(median.milliseconds, 1)) ms median, \(megabytes(memory.peakResident)) MB peak",
                          target: "≤ 100 ms at 1M", pass: scaledTarget(median.seconds, limit: 0.1, at: 1_000_000, events: bigEvents))
                // Widgets read the projections (budgets, goals, forecasts, balances); nothing replays
                // the log. As of the household's last day, as its owner would see them: the wall
                // clock's today would fall mid-history here (the generator's dates run for centuries)
                // and the accounts widget would subtract every later posting from the balances.
                let widgetsOut = (directory as NSString).appendingPathComponent("widgets")
                let lastDay = try big.events(from: max(1, bigEvents - 500)).compactMap { try $0.event().occurredOn }.max()
                // Period reports over the household's last whole month (issue 16: ≤ 100 ms each at 1M), answered
                // from the postings projection's indexes, never by replaying.
                if let lastDay {
                    let end = lastDay.firstOfMonth, begin = lastDay.firstOfMonth.adding(months: -1)
                    let window = ["-b", begin.description, "-e", end.description]
                    for (name, report) in [("balance -b -e (one month)", ["balance"] + window),
                                           ("register expenses:groceries -b -e (one month)", ["register", "expenses:groceries"] + window)] {
                        let arguments = [binary, "--db", bigPath] + report
                        _ = try Spawn.run(arguments)
                        var periodRuns: [ChildRun] = []
                        for _ in 0..<options.processRuns { periodRuns.append(try Spawn.run(arguments)) }
                        guard periodRuns.allSatisfy({ $0.status == 0 }) else {
                            throw UsageError("\(arguments.joined(separator: " ")) exited with \(periodRuns.map(\.status))")
                        }
                        let periodMedian = Timing.median(periodRuns.map(\.wall))
                        table.add("`kakeibo \(name)` whole process", "\(fixed(periodMedian.milliseconds, 1)) ms median",
                                  target: "≤ 100 ms at 1M", pass: scaledTarget(periodMedian.seconds, limit: 0.1, at: 1_000_000, events: bigEvents))
                    }
                }
                let widgets = [binary, "--db", bigPath, "widgets", "export", "--out", widgetsOut] + (lastDay.map { ["--as-of", $0.description] } ?? [])
                _ = try Spawn.run(widgets)
                var widgetRuns: [ChildRun] = []
                for _ in 0..<options.processRuns { widgetRuns.append(try Spawn.run(widgets)) }
                guard widgetRuns.allSatisfy({ $0.status == 0 }) else {
                    throw UsageError("\(widgets.joined(separator: " ")) exited with \(widgetRuns.map(\.status))")
                }
                let widgetMedian = Timing.median(widgetRuns.map(\.wall))
                let widgetMemory = try Spawn.measured(widgets)
                table.add("`kakeibo widgets export` whole process, as of \(lastDay?.description ?? "today")",
                          "\(fixed(widgetMedian.milliseconds, 1)) ms median, \(megabytes(widgetMemory.peakResident)) MB peak",
                          target: "≤ 200 ms at 1M", pass: scaledTarget(widgetMedian.seconds, limit: 0.2, at: 1_000_000, events: bigEvents))
                log("kakeibo replay of \(bigEvents) events…")
                let replay = try Spawn.measured([binary, "--db", bigPath, "replay"])
                table.add("`kakeibo replay` whole process", "\(fixed(replay.wall.seconds, 2)) s, \(megabytes(replay.peakResident)) MB peak (exit \(replay.status))",
                          target: "≤ 3 s, ≤ 200 MB at 1M",
                          pass: scaledTarget(replay.wall.seconds, limit: 3, at: 1_000_000, events: bigEvents) && replay.peakResident <= 200 * 1_048_576)
                table.note("kakeibo binary", binary)
            } else {
                table.note("`kakeibo balance`", "skipped: no kakeibo binary (swift build -c release --package-path Benchmarks --product kakeibo, or pass --kakeibo)")
            }
        }


        print(table.render())
        if options.keep || options.directory != nil || options.ledgerPath != nil { log("ledgers kept in \(directory)") }
    }

    /// (1) `n` everyday expenses in one `record(batch:)` on a ledger with only accounts and categories.
    static func batchAppend(_ options: Options, directory: String, table: inout Report) throws {
        let n = options.batch ?? options.events
        let batchPath = directory + "/batch.sqlite"
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: batchPath + suffix) }
        var generator = HouseholdGenerator(seed: options.seed &+ 1)
        let ledger = try LedgerLoader.createLedger(at: batchPath, seed: options.seed &+ 1)
        try ledger.record(batch: generator.setup())
        let commands = generator.expenses(n)
        log("batch append of \(n) expenses…")
        let ((results, elapsed), cpu) = try Timing.processCPU { try Timing.measure { try ledger.record(batch: commands) } }
        let rate = Double(results.count) / elapsed.seconds
        table.add("batch append \(count(Int64(n))) expenses", "\(fixed(elapsed.seconds, 2)) s = \(count(Int64(rate))) events/s",
                  target: "≥ 100k/s", pass: rate >= 100_000)
        table.add("  of which CPU", "\(fixed(cpu.seconds, 2)) s = \(count(Int64(Double(results.count) / cpu.seconds))) events/s", target: "", pass: nil)

    }

    /// Generates and records the household ledger in slices, so the commands never all sit in memory.
    static func buildHousehold(at path: String, options: Options, table: inout Report) throws -> Ledger {
        log("building a household ledger of \(options.events) events at \(path)…")
        let ledger = try LedgerLoader.createLedger(at: path, seed: options.seed)
        var generator = HouseholdGenerator(seed: options.seed)
        var loader = LedgerLoader(ledger: ledger, batchSize: options.loadBatch)
        let slice = 50_000
        var recordTime = Duration.zero
        var generateTime = Duration.zero
        var lastLog = ContinuousClock.now
        while generator.eventCount < options.events {
            let (commands, generated) = Timing.measure { generator.household(events: min(options.events, generator.eventCount + slice)) }
            generateTime += generated
            recordTime += try Timing.measure { try loader.record(commands) }.1
            if ContinuousClock.now - lastLog > .seconds(10) {
                lastLog = .now
                log("  \(generator.eventCount) events…")
            }
        }
        let events = try ledger.head().position
        table.add("build household (mixed commands, \(loader.batches) batches)",
                  "\(fixed(recordTime.seconds, 2)) s = \(count(Int64(Double(loader.eventsAppended) / recordTime.seconds))) events/s (+ \(fixed(generateTime.seconds, 2)) s generating)")
        log("built \(events) events")
        return ledger
    }

    static func kakeiboBinary(_ options: Options) -> String? {
        if let path = options.kakeibo { return path }
        // Beside this executable (`swift build -c release --package-path Benchmarks --product kakeibo`),
        // then the root package's release build (`swift build -c release` in the root).
        let own = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [own.appendingPathComponent("kakeibo").path, root.appendingPathComponent(".build/release/kakeibo").path]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether `seconds` for `events` meets a target stated for `at` events, scaling linearly.
    static func scaledTarget(_ seconds: Double, limit: Double, at reference: Int64, events: Int64) -> Bool {
        seconds <= limit * max(1, Double(events) / Double(reference))
    }

    static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }
    static func megabytes(_ bytes: Int) -> String { fixed(Double(bytes) / 1_048_576, 1) }
    static func fixed(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }
    static func count(_ value: Int64) -> String {
        let text = String(value)
        var out = ""
        for (index, character) in text.reversed().enumerated() {
            if index > 0, index % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return String(out.reversed())
    }
}

/// A compact aligned table: what, figure, target, ok.
struct Report {
    private var rows: [(String, String, String, String)] = []
    private var notes: [(String, String)] = []

    mutating func add(_ name: String, _ value: String, target: String = "", pass: Bool? = nil) {
        rows.append((name, value, target, pass.map { $0 ? "ok" : "MISS" } ?? ""))
    }

    mutating func note(_ name: String, _ value: String) { notes.append((name, value)) }

    func render() -> String {
        let header = ("measure", "result", "target", "")
        let all = [header] + rows
        let widths = (all.map(\.0.count).max() ?? 0, all.map(\.1.count).max() ?? 0, all.map(\.2.count).max() ?? 0)
        func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
        var lines = notes.map { "\($0.0): \($0.1)" }
        lines.append("")
        for (index, row) in all.enumerated() {
            lines.append("\(pad(row.0, widths.0))  \(pad(row.1, widths.1))  \(pad(row.2, widths.2))  \(row.3)")
            if index == 0 { lines.append(String(repeating: "-", count: widths.0 + widths.1 + widths.2 + 10)) }
        }
        return lines.joined(separator: "\n")
    }
}
