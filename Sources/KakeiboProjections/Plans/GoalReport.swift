import KakeiboDomain

/// Progress towards the income goal: each period since the first goal, and the current streak.
public struct GoalReport: Hashable, Sendable {
    public struct Period: Hashable, Sendable {
        public var period: PlanPeriod
        /// Nil when no goal of this length was in force.
        public var goal: Money?
        /// Income received (income accounts, sign-corrected) up to the as-of date.
        public var earned: Money
        /// Earned over goal in basis points.
        public var ratioBasisPoints: Int64?
        /// Earned scaled to the whole period by the days elapsed: earned × days ÷ elapsed.
        public var projected: Money
        public var daysElapsed: Int
        public var isComplete: Bool
        public var isMet: Bool
    }

    public var asOf: LocalDate
    /// The length of the goal in force on the as-of date; nil when there is none.
    public var length: PeriodLength?
    /// Oldest first; the last is the period containing the as-of date.
    public var periods: [Period]
    /// Consecutive periods met, ending with the current one if it is already met, else the one before.
    public var streak: Int

    public var current: Period? { periods.last }
}
