/// Divergences the simulator finds that are still open, with why, so `make test` stays green while they are fixed
/// elsewhere (issue 30). A seed whose violations are all of these kinds is reported as skipped with the reason; any
/// other violation fails the run. Remove a kind once its fix lands: its regression test in `KnownDivergenceTests`
/// then has to pass too.
///
/// Seeds of the default 500 (`SIM_SEEDS=500`, first seed 1) that showed each, when it was pinned: see `pinnedSeeds`.
enum KnownDivergences {
    static let open: [Violation.Kind: String] = [
        .syncStarvedByWrites: "nothing holds a recording command off while a sync runs (SyncLock is taken by syncs only); each event recorded between the sync's requests makes it start over (SyncClient.attempts = 3), then it gives up; the events are kept, unsynced",
    ]

    /// Seeds that broke only known kinds when they were pinned (for replaying: `SIM_SEED=…`, with the `SIM_STEPS`
    /// given: another step count is another schedule). 24 steps is the default; the 30-step ones are from the
    /// 2,000-seed run of ed82233.
    static let pinnedSeeds: [(seed: UInt64, steps: Int, kind: Violation.Kind)] = [
        (2, 24, .commodityPrecision), (20, 24, .commodityPrecision),
    ]
}
