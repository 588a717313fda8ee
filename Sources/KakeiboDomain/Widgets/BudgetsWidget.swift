/// `budgets.json`: this month's and this week's budgets, spending counted up to the as-of date.
public struct BudgetsWidget: WidgetBody {
    public static let kind = "budgets"

    /// A budget line's figures, the total's and every category's: the one place they are encoded.
    public struct Figures: Codable, Hashable, Sendable {
        public var currency: String
        public var budgeted: String, carriedIn: String, spent: String, available: String
        /// Spent over budgeted plus carried in, to four places; null when there is nothing to spend.
        public var spendRatio: String?
        public var spendRatioBasisPoints: Int64?
        /// 0–4: on track … over budget.
        public var band: Int

        public init(currency: String, budgeted: String, carriedIn: String, spent: String, available: String,
                    spendRatio: String?, spendRatioBasisPoints: Int64?, band: Int) {
            self.currency = currency; self.budgeted = budgeted; self.carriedIn = carriedIn; self.spent = spent
            self.available = available; self.spendRatio = spendRatio; self.spendRatioBasisPoints = spendRatioBasisPoints; self.band = band
        }
    }

    /// A category's line: its figures and how to show it, in one JSON object.
    public struct Category: Codable, Hashable, Sendable {
        public var account: String, name: String
        public var hue: Int, icon: String
        /// Nesting under its parent category, 0 at the top.
        public var depth: Int
        /// False for a parent shown only because a child has a budget.
        public var hasBudget: Bool
        public var figures: Figures

        public init(account: String, name: String, hue: Int, icon: String, depth: Int, hasBudget: Bool, figures: Figures) {
            self.account = account; self.name = name; self.hue = hue; self.icon = icon; self.depth = depth
            self.hasBudget = hasBudget; self.figures = figures
        }

        enum CodingKeys: String, CodingKey { case account, name, hue, icon, depth, hasBudget }

        // The figures sit beside the category's own keys, not under a key of their own.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            account = try container.decode(String.self, forKey: .account)
            name = try container.decode(String.self, forKey: .name)
            hue = try container.decode(Int.self, forKey: .hue)
            icon = try container.decode(String.self, forKey: .icon)
            depth = try container.decode(Int.self, forKey: .depth)
            hasBudget = try container.decode(Bool.self, forKey: .hasBudget)
            figures = try Figures(from: decoder)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(account, forKey: .account)
            try container.encode(name, forKey: .name)
            try container.encode(hue, forKey: .hue)
            try container.encode(icon, forKey: .icon)
            try container.encode(depth, forKey: .depth)
            try container.encode(hasBudget, forKey: .hasBudget)
            try figures.encode(to: encoder)
        }
    }

    public struct Period: Codable, Hashable, Sendable {
        public var period: String, start: String, end: String
        /// The budgets of the base currency, added up.
        public var total: Figures
        public var categories: [Category]

        public init(period: String, start: String, end: String, total: Figures, categories: [Category]) {
            self.period = period; self.start = start; self.end = end; self.total = total; self.categories = categories
        }
    }

    public var currency: String
    public var month: Period
    public var week: Period

    public init(currency: String, month: Period, week: Period) {
        self.currency = currency; self.month = month; self.week = week
    }
}
