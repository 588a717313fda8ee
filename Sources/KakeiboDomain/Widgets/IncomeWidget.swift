/// `income.json`: income this week against the goal, and the month week by week.
public struct IncomeWidget: WidgetBody {
    public static let kind = "income"

    public struct Week: Codable, Hashable, Sendable {
        public var period: String, start: String, end: String
        public var earned: String
        public init(period: String, start: String, end: String, earned: String) {
            self.period = period; self.start = start; self.end = end; self.earned = earned
        }
    }

    /// Earned in a week or month against the goal in force for it (null when none is).
    public struct Progress: Codable, Hashable, Sendable {
        public var period: String, start: String, end: String
        public var earned: String
        public var goal: String?
        public var ratio: String?
        public var ratioBasisPoints: Int64?
        /// The month's weeks; only on `month`.
        @OmittedWhenNil public var weeks: [Week]?

        public init(period: String, start: String, end: String, earned: String, goal: String?, ratio: String?, ratioBasisPoints: Int64?,
                    weeks: [Week]? = nil) {
            self.period = period; self.start = start; self.end = end; self.earned = earned; self.goal = goal
            self.ratio = ratio; self.ratioBasisPoints = ratioBasisPoints; self.weeks = weeks
        }
    }

    /// The current goal period as the goal report gives it.
    public struct GoalPeriod: Codable, Hashable, Sendable {
        public var period: String, start: String, end: String
        public var currency: String
        public var goal: String?
        public var earned: String
        public var ratio: String?
        public var ratioBasisPoints: Int64?
        /// Earned so far, extended over the whole period.
        public var projected: String
        public var daysElapsed: Int, days: Int
        public var complete: Bool, met: Bool

        public init(period: String, start: String, end: String, currency: String, goal: String?, earned: String, ratio: String?,
                    ratioBasisPoints: Int64?, projected: String, daysElapsed: Int, days: Int, complete: Bool, met: Bool) {
            self.period = period; self.start = start; self.end = end; self.currency = currency; self.goal = goal; self.earned = earned
            self.ratio = ratio; self.ratioBasisPoints = ratioBasisPoints; self.projected = projected; self.daysElapsed = daysElapsed
            self.days = days; self.complete = complete; self.met = met
        }
    }

    public struct Goal: Codable, Hashable, Sendable {
        /// `weekly` or `monthly`.
        public var length: String
        /// Consecutive periods met, up to the last complete one.
        public var streak: Int
        public var current: GoalPeriod?

        public init(length: String, streak: Int, current: GoalPeriod?) { self.length = length; self.streak = streak; self.current = current }
    }

    public var currency: String
    public var thisWeek: Progress
    public var month: Progress
    /// Null without an income goal.
    public var goal: Goal?

    public init(currency: String, thisWeek: Progress, month: Progress, goal: Goal?) {
        self.currency = currency; self.thisWeek = thisWeek; self.month = month; self.goal = goal
    }
}
