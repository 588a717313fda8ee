/// `accounts.json`: asset and liability balances on the as-of date, and net worth per currency.
public struct AccountsWidget: WidgetBody {
    public static let kind = "accounts"

    public struct Balance: Codable, Hashable, Sendable {
        public var account: String
        /// `asset` or `liability`.
        public var type: String
        public var amount: String, currency: String
        public init(account: String, type: String, amount: String, currency: String) {
            self.account = account; self.type = type; self.amount = amount; self.currency = currency
        }
    }

    public struct NetWorth: Codable, Hashable, Sendable {
        public var currency: String
        public var assets: String, liabilities: String
        /// Assets plus liabilities (which are negative).
        public var amount: String
        public init(currency: String, assets: String, liabilities: String, amount: String) {
            self.currency = currency; self.assets = assets; self.liabilities = liabilities; self.amount = amount
        }
    }

    /// Net worth in the base currency at the prices on or before the as-of date.
    public struct Valued: Codable, Hashable, Sendable {
        public struct Unconverted: Codable, Hashable, Sendable {
            public var currency: String, amount: String
            public init(currency: String, amount: String) { self.currency = currency; self.amount = amount }
        }

        /// The base currency.
        public var commodity: String
        public var amount: String
        /// The oldest price used; null when none was needed.
        public var priceDate: String?
        /// What no price reaches, in its own commodity.
        public var unconverted: [Unconverted]

        public init(commodity: String, amount: String, priceDate: String?, unconverted: [Unconverted]) {
            self.commodity = commodity; self.amount = amount; self.priceDate = priceDate; self.unconverted = unconverted
        }
    }

    public var accounts: [Balance]
    public var netWorth: [NetWorth]
    /// Only when the balances hold another commodity.
    @OmittedWhenNil public var netWorthValued: Valued?

    public init(accounts: [Balance], netWorth: [NetWorth], netWorthValued: Valued? = nil) {
        self.accounts = accounts; self.netWorth = netWorth; self.netWorthValued = netWorthValued
    }
}
