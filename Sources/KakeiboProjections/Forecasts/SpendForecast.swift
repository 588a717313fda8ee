import KakeiboDomain

/// What one expense category is expected to cost: the rest of this month and all of the next.
public struct SpendForecast: Hashable, Sendable {
    /// A point forecast and an 80 % interval, in minor units.
    public struct Estimate: Hashable, Sendable {
        public var point: Int64
        public var low: Int64
        public var high: Int64
        public init(point: Int64, low: Int64, high: Int64) { self.point = point; self.low = low; self.high = high }
    }

    /// A payment that repeats: same payee, similar amount, regular interval.
    public struct Recurring: Hashable, Sendable {
        public var payee: String
        public var amount: Int64
        public var intervalDays: Int
        /// The next expected dates after the as-of date, through the end of the next period.
        public var expected: [LocalDate]
        /// Dates this period, on or before the as-of date, when a payment was due and none came:
        /// counted in the rest of the period as still to pay.
        public var overdue: [LocalDate] = []
    }

    public var accountID: String
    public var currency: Currency
    public var period: PlanPeriod
    public var spentSoFar: Int64
    public var restOfPeriod: Estimate
    public var nextPeriod: Estimate
    public var recurring: [Recurring]
    /// How many past months the estimate of the non-recurring part rests on.
    public var monthsOfHistory: Int
}
