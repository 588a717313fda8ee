/// `trend.json`: the last twelve months of income, expenses, net and month-end net worth, one series per currency.
public struct TrendWidget: WidgetBody {
    public static let kind = "trend"

    public struct Month: Codable, Hashable, Sendable {
        public var period: String, start: String, end: String
        public var income: String, expenses: String, net: String
        /// At the month's end (the current month: at the as-of date).
        public var netWorth: String

        public init(period: String, start: String, end: String, income: String, expenses: String, net: String, netWorth: String) {
            self.period = period; self.start = start; self.end = end; self.income = income; self.expenses = expenses
            self.net = net; self.netWorth = netWorth
        }
    }

    public struct Series: Codable, Hashable, Sendable {
        public var currency: String
        /// Oldest first, twelve of them.
        public var months: [Month]
        public init(currency: String, months: [Month]) { self.currency = currency; self.months = months }
    }

    /// The base currency; it always has a series.
    public var currency: String
    public var series: [Series]
    public var note: String

    public init(currency: String, series: [Series], note: String) { self.currency = currency; self.series = series; self.note = note }
}
