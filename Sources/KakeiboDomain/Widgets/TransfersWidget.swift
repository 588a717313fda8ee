/// `transfers.json`: this month's transfers in the base currency, and the latest ones in any.
public struct TransfersWidget: WidgetBody {
    public static let kind = "transfers"

    public struct Month: Codable, Hashable, Sendable {
        public var period: String, start: String, end: String
        /// Sum of the month's transfers in the base currency.
        public var total: String
        public var count: Int

        public init(period: String, start: String, end: String, total: String, count: Int) {
            self.period = period; self.start = start; self.end = end; self.total = total; self.count = count
        }
    }

    public struct Transfer: Codable, Hashable, Sendable {
        public var id: String, date: String, from: String, to: String
        public var amount: String, currency: String
        /// The payee or memo, if any.
        public var note: String?

        public init(id: String, date: String, from: String, to: String, amount: String, currency: String, note: String?) {
            self.id = id; self.date = date; self.from = from; self.to = to; self.amount = amount; self.currency = currency; self.note = note
        }
    }

    /// The base currency.
    public var currency: String
    public var month: Month
    /// Newest first.
    public var recent: [Transfer]

    public init(currency: String, month: Month, recent: [Transfer]) {
        self.currency = currency; self.month = month; self.recent = recent
    }
}
