import Foundation

/// How many seeds a run draws, from the environment: `SIM_SEEDS` (default 500: `make test`'s slot, about 2.7
/// minutes here), from `SIM_FIRST_SEED` (default 1), or one seed, `SIM_SEED`, replayed with its whole trace; `SIM_STEPS`
/// steps a seed (default 24: measured 100 seeds of 30 steps in 38.7 s at load 2.5, two at a time, and 500 must fit in 3 minutes).
struct SimulationSettings {
    var seeds: [UInt64]
    var replaying: Bool
    var devices: ClosedRange<Int> = 2...4
    var steps: Int
    /// Seeds run at once (`SIM_JOBS`, default 2: this machine's cores; each seed is one sequential task).
    var jobs = 2

    static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> SimulationSettings {
        let steps = environment["SIM_STEPS"].flatMap(Int.init) ?? 24
        let jobs = max(1, environment["SIM_JOBS"].flatMap(Int.init) ?? 2)
        if let seed = environment["SIM_SEED"].flatMap(UInt64.init) {
            return SimulationSettings(seeds: [seed], replaying: true, steps: steps, jobs: 1)
        }
        let count = environment["SIM_SEEDS"].flatMap(UInt64.init) ?? 500
        let first = environment["SIM_FIRST_SEED"].flatMap(UInt64.init) ?? 1
        return SimulationSettings(seeds: Array(first..<first + count), replaying: false, steps: steps, jobs: jobs)
    }
}
