/// `forecast.json`: per expense category, the rest of this month and the next, a point and an 80 % interval.
public struct ForecastWidget: WidgetBody {
    public static let kind = "forecast"

    public struct Estimate: Codable, Hashable, Sendable {
        public var point: String, low: String, high: String
        public init(point: String, low: String, high: String) { self.point = point; self.low = low; self.high = high }
    }

    public struct Recurring: Codable, Hashable, Sendable {
        public var payee: String, amount: String
        public var intervalDays: Int
        /// ISO dates of the next expected payments.
        public var expected: [String]
        public init(payee: String, amount: String, intervalDays: Int, expected: [String]) {
            self.payee = payee; self.amount = amount; self.intervalDays = intervalDays; self.expected = expected
        }
    }

    public struct Forecast: Codable, Hashable, Sendable {
        public var account: String, name: String, currency: String
        public var period: String
        public var spentSoFar: String
        public var restOfPeriod: Estimate, nextPeriod: Estimate
        public var monthsOfHistory: Int
        public var recurring: [Recurring]

        public init(account: String, name: String, currency: String, period: String, spentSoFar: String, restOfPeriod: Estimate,
                    nextPeriod: Estimate, monthsOfHistory: Int, recurring: [Recurring]) {
            self.account = account; self.name = name; self.currency = currency; self.period = period; self.spentSoFar = spentSoFar
            self.restOfPeriod = restOfPeriod; self.nextPeriod = nextPeriod; self.monthsOfHistory = monthsOfHistory; self.recurring = recurring
        }
    }

    public var currency: String
    public var forecasts: [Forecast]
    public var note: String

    public init(currency: String, forecasts: [Forecast], note: String) {
        self.currency = currency; self.forecasts = forecasts; self.note = note
    }
}
