import Foundation
import KakeiboTestSupport
import XCTest

/// The deterministic sync simulator over many seeds (issue 30): each seed is a schedule of commands, syncs and faults
/// over 2-4 devices and the real server on the test PostgreSQL, checked against the convergence invariants.
/// A failing seed prints the line that replays it, and its trace.
final class SyncSimulationTests: XCTestCase {
    func testSeeds() async throws {
        guard let url = ProcessInfo.processInfo.environment["KAKEIBO_TEST_POSTGRES"], !url.isEmpty else {
            throw XCTSkip("KAKEIBO_TEST_POSTGRES is not set: `bash Tests/Postgres/with-postgres.sh` starts a throwaway PostgreSQL")
        }
        let settings = SimulationSettings.fromEnvironment()
        let started = ContinuousClock.now
        var failed: [UInt64] = [], known: [UInt64: String] = [:]
        // Seeds are independent (a ledger and a folder each), so `jobs` of them run at once; each stays sequential.
        var results: [UInt64: (Simulation, [Violation])] = [:]
        try await withThrowingTaskGroup(of: (UInt64, Simulation, [Violation]).self) { group in
            var next = settings.seeds.makeIterator()
            func start() -> Bool {
                guard let seed = next.next() else { return false }
                let simulation = Self.simulation(seed: seed, settings: settings, postgresURL: url)
                group.addTask { (seed, simulation, try await simulation.run()) }
                return true
            }
            for _ in 0..<settings.jobs where !start() { break }
            while let (seed, simulation, violations) = try await group.next() {
                results[seed] = (simulation, violations)
                _ = start()
            }
        }
        for seed in settings.seeds {
            let (simulation, violations) = results[seed]!
            if settings.replaying { print(simulation.trace.joined(separator: "\n")) }
            guard !violations.isEmpty else { continue }
            let unknown = violations.filter { KnownDivergences.open[$0.kind] == nil }
            if unknown.isEmpty {
                let reasons = Set(violations.map { "\($0.kind.rawValue): \(KnownDivergences.open[$0.kind]!)" }).sorted()
                known[seed] = Set(violations.map(\.kind.rawValue)).sorted().joined(separator: ", ")
                print("sync simulation seed \(seed): known open divergence, skipped: \(reasons.joined(separator: "; "))")
                continue
            }
            failed.append(seed)
            let trace = settings.replaying ? [] : simulation.trace.suffix(60)
            XCTFail("""
                sync simulation seed \(seed) (\(simulation.options.devices) devices, \(simulation.options.steps) steps) broke \(unknown.count) invariant(s):
                \(violations.map { "  \($0)" }.joined(separator: "\n"))
                replay: SIM_SEED=\(seed) bash Tests/Postgres/with-postgres.sh swift test --skip-build --disable-swift-testing --filter SyncSimulationTests/testSeeds
                last steps:
                \(trace.joined(separator: "\n"))
                """)
        }
        let seconds = Double((ContinuousClock.now - started).components.attoseconds) / 1e18 + Double((ContinuousClock.now - started).components.seconds)
        print(String(format: "sync simulation: %d seeds in %.1f s (%.2f seeds/s, %d at a time), %d failed [%@], %d known open [%@]",
                     settings.seeds.count, seconds, Double(settings.seeds.count) / seconds, settings.jobs, failed.count,
                     failed.map(String.init).joined(separator: ","), known.count,
                     known.keys.sorted().map { "\($0): \(known[$0]!)" }.joined(separator: "; ")))
        print("sync simulation time by phase (summed over concurrent seeds): \(Phases.summary())")
    }

    /// A seed replays exactly: the same schedule, faults and outcomes, step for step (the trace names the ledger,
    /// which is new each run, and nothing else that differs). Seed 55 has conflicts, restarts and rebases.
    func testASeedReplaysExactly() async throws {
        guard let url = ProcessInfo.processInfo.environment["KAKEIBO_TEST_POSTGRES"], !url.isEmpty else {
            throw XCTSkip("KAKEIBO_TEST_POSTGRES is not set: `bash Tests/Postgres/with-postgres.sh` starts a throwaway PostgreSQL")
        }
        var settings = SimulationSettings.fromEnvironment([:])
        settings.steps = 30
        var traces: [[String]] = []
        for _ in 0..<2 {
            let simulation = Self.simulation(seed: 55, settings: settings, postgresURL: url)
            _ = try await simulation.run()
            traces.append(simulation.trace.map { $0.replacingOccurrences(of: simulation.ledgerName, with: "LEDGER") })
        }
        XCTAssertGreaterThan(traces[0].count, 30)
        XCTAssertEqual(traces[0], traces[1])
    }

    /// Seeds that once broke an invariant and were fixed, at the step count that showed it: each must now keep every
    /// invariant. 85 (24 steps): an edit of a duplicate import copy was kept aside with the copy and lost; 637 and 1729
    /// (30 steps): a void of a copy pushed after the copy was kept aside was refused 422 unknown-transaction for good; 204
    /// (30 steps): one account renamed to two names while apart, the later rename won with no conflict listed.
    func testFixedSeedsKeepEveryInvariant() async throws {
        guard let url = ProcessInfo.processInfo.environment["KAKEIBO_TEST_POSTGRES"], !url.isEmpty else {
            throw XCTSkip("KAKEIBO_TEST_POSTGRES is not set: `bash Tests/Postgres/with-postgres.sh` starts a throwaway PostgreSQL")
        }
        for (seed, steps) in Self.fixedSeeds {
            var settings = SimulationSettings.fromEnvironment([:])
            settings.steps = steps
            let simulation = Self.simulation(seed: seed, settings: settings, postgresURL: url)
            // Fixed, a seed runs further and may meet a divergence still open (637 now meets commodity-precision).
            let violations = try await simulation.run().filter { KnownDivergences.open[$0.kind] == nil }
            XCTAssertEqual(violations, [], "seed \(seed), \(steps) steps:\n" + simulation.trace.suffix(60).joined(separator: "\n"))
        }
    }

    static let fixedSeeds: [(seed: UInt64, steps: Int)] = [(85, 24), (204, 30), (637, 30), (1729, 30)]

    /// The run a seed describes: its device count comes from the seed too, so the seed alone replays it.
    static func simulation(seed: UInt64, settings: SimulationSettings, postgresURL: String) -> Simulation {
        var shape = SplitMix64(seed: seed ^ 0x5349_4D55_4C41_5445)
        let devices = settings.devices.lowerBound + shape.next(upTo: settings.devices.count)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kakeibo-sim-\(seed)-\(UUID().uuidString)")
        return Simulation(seed: seed, options: .init(devices: devices, steps: settings.steps), postgresURL: postgresURL, directory: directory)
    }
}
