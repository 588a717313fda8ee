import Benchmark
import Foundation
import KakeiboDomain
import KakeiboLedger
import LedgerGenerator

// Run with `swift package benchmark` in Benchmarks/ (or `make bench` in the root).
//
// Ledgers go to a temporary folder and are prepared in each benchmark's setup, outside the
// measurement. Iteration counts are small so the whole suite takes a few minutes on 2 cores.
// `throughput` is iterations per second; each benchmark's name says how many events one
// iteration is (so "Append 10k expenses" at 9 /s is 90k events/s).

let seed: UInt64 = 0x4B61_6B65_6962_6F21
let replayEvents = 100_000

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .peakMemoryResident],
        timeUnits: .milliseconds,
        warmupIterations: 1,
        maxDuration: .seconds(20),
        maxIterations: 10
    )

    // A fresh ledger with accounts and categories per iteration; the 10k commands are made once.
    Benchmark("Append 10k expenses (one record(batch:))",
              configuration: .init(warmupIterations: 1, maxIterations: 8)) { (benchmark: Benchmark, commands: [LedgerCommand]) throws in
        let path = Scratch.path("append")
        let ledger = try LedgerLoader.createLedger(at: path, seed: seed)
        var setup = HouseholdGenerator(seed: seed)
        try ledger.record(batch: setup.setup())
        benchmark.startMeasurement()
        let results = try ledger.record(batch: commands)
        benchmark.stopMeasurement()
        blackHole(results.count)
        Scratch.remove(path)
    } setup: {
        var generator = HouseholdGenerator(seed: seed)
        _ = generator.setup()
        return generator.expenses(10_000)
    }

    Benchmark("Replay 100k-event household ledger",
              configuration: .init(warmupIterations: 1, maxIterations: 5)) { (benchmark: Benchmark, ledger: Ledger) throws in
        for _ in benchmark.scaledIterations {
            blackHole(try ledger.replay())
        }
    } setup: {
        try Scratch.household(events: replayEvents)
    }

    Benchmark("balances() on 100k-event household ledger",
              configuration: .init(timeUnits: .microseconds, warmupIterations: 3, maxDuration: .seconds(5), maxIterations: 200)) { (benchmark: Benchmark, ledger: Ledger) throws in
        for _ in benchmark.scaledIterations {
            blackHole(try ledger.balances())
        }
    } setup: {
        try Scratch.household(events: replayEvents)
    }

    Benchmark("One expense on 100k-event household ledger",
              configuration: .init(timeUnits: .microseconds, warmupIterations: 3, maxDuration: .seconds(10), maxIterations: 50)) { (benchmark: Benchmark, state: ExpenseState) throws in
        let command = state.next()
        benchmark.startMeasurement()
        blackHole(try state.ledger.record(command))
        benchmark.stopMeasurement()
    } setup: {
        ExpenseState(ledger: try Scratch.household(events: replayEvents))
    }

    Benchmark("One expense on an empty ledger",
              configuration: .init(timeUnits: .microseconds, warmupIterations: 3, maxDuration: .seconds(10), maxIterations: 50)) { (benchmark: Benchmark, state: ExpenseState) throws in
        let command = state.next()
        benchmark.startMeasurement()
        blackHole(try state.ledger.record(command))
        benchmark.stopMeasurement()
    } setup: {
        let path = Scratch.path("empty")
        let ledger = try LedgerLoader.createLedger(at: path, seed: seed)
        var generator = HouseholdGenerator(seed: seed)
        try ledger.record(batch: generator.setup())
        return ExpenseState(ledger: try Ledger.open(at: path))
    }
}

/// The ledger and a supply of fresh expenses (the benchmark closure is not mutating).
final class ExpenseState: @unchecked Sendable {
    let ledger: Ledger
    private var generator = HouseholdGenerator(seed: seed &+ 99)
    private let lock = NSLock()

    init(ledger: Ledger) {
        self.ledger = ledger
        _ = generator.setup()
    }

    func next() -> LedgerCommand {
        lock.lock()
        defer { lock.unlock() }
        return generator.expense()
    }
}

/// Temporary ledger files for one benchmark process.
enum Scratch {
    static let directory: String = {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("kakeibo-benchmarks-\(ProcessInfo.processInfo.processIdentifier)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: Scratch.directory) }
        return path
    }()

    static func path(_ name: String) -> String {
        let path = directory + "/\(name)-\(UUID().uuidString).sqlite"
        return path
    }

    static func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// A household ledger of `events` events, built once per process and reopened afterwards.
    static func household(events: Int) throws -> Ledger {
        let path = directory + "/household-\(events).sqlite"
        if !FileManager.default.fileExists(atPath: path) {
            let ledger = try LedgerLoader.createLedger(at: path, seed: seed)
            var generator = HouseholdGenerator(seed: seed)
            var loader = LedgerLoader(ledger: ledger)
            try loader.record(generator.household(events: events))
        }
        return try Ledger.open(at: path)
    }
}
