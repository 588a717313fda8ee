/// `expenses.json`: this month's spending per expense category, largest first.
public struct ExpensesWidget: WidgetBody {
    public static let kind = "expenses"

    public struct Span: Codable, Hashable, Sendable {
        public var period: String, start: String, end: String
        public init(period: String, start: String, end: String) { self.period = period; self.start = start; self.end = end }
    }

    public struct Category: Codable, Hashable, Sendable {
        public var account: String, name: String
        public var hue: Int, icon: String
        public var amount: String
        /// Of the month's total, to four places; null when the total is not positive.
        public var share: String?
        public var shareBasisPoints: Int64?

        public init(account: String, name: String, hue: Int, icon: String, amount: String, share: String?, shareBasisPoints: Int64?) {
            self.account = account; self.name = name; self.hue = hue; self.icon = icon; self.amount = amount
            self.share = share; self.shareBasisPoints = shareBasisPoints
        }
    }

    /// Spending in another commodity: how much of the total it makes and how each posting was counted.
    public struct Foreign: Codable, Hashable, Sendable {
        public struct Item: Codable, Hashable, Sendable {
            public var account: String, date: String
            public var amount: String, commodity: String
            /// In the base currency; null when no price reaches it.
            public var counted: String?
            /// `cost`, `estimated` or `unconverted`.
            public var basis: String

            public init(account: String, date: String, amount: String, commodity: String, counted: String?, basis: String) {
                self.account = account; self.date = date; self.amount = amount; self.commodity = commodity
                self.counted = counted; self.basis = basis
            }
        }

        public struct Unconverted: Codable, Hashable, Sendable {
            public var account: String, amount: String, commodity: String
            public init(account: String, amount: String, commodity: String) { self.account = account; self.amount = amount; self.commodity = commodity }
        }

        /// What the foreign postings add to `total`.
        public var counted: String
        public var items: [Item]
        public var unconverted: [Unconverted]

        public init(counted: String, items: [Item], unconverted: [Unconverted]) {
            self.counted = counted; self.items = items; self.unconverted = unconverted
        }
    }

    public var currency: String
    public var month: Span
    public var total: String
    public var categories: [Category]
    /// Only when the month has foreign spending.
    @OmittedWhenNil public var foreign: Foreign?

    public init(currency: String, month: Span, total: String, categories: [Category], foreign: Foreign? = nil) {
        self.currency = currency; self.month = month; self.total = total; self.categories = categories; self.foreign = foreign
    }
}
