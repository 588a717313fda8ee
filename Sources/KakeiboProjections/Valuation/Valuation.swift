import KakeiboDomain

/// Balances valued in one commodity on one date. Amounts no price reaches stay in their own
/// commodity, listed in `unconverted`: a valued total never hides money it could not value.
public struct Valuation: Hashable, Sendable {
    public struct Line: Hashable, Sendable {
        public var account: AccountName
        public var type: AccountType
        /// The sum, in the target commodity, of every balance of the account that could be valued.
        public var valued: Money?
        /// Balances of the account that could not be valued, each in its own commodity.
        public var unconverted: [Money]
        /// The oldest price date used for this account, nil when none was needed.
        public var priceDate: LocalDate?
        /// The newest price date used: with `then,` an account's postings meet prices of several dates.
        public var latestPriceDate: LocalDate?
    }

    public var commodity: Commodity
    public var date: LocalDate
    public var lines: [Line]
    /// Each amount was valued on its own date (`then,`), not on `date`.
    public var atEachDate = false

    /// Values each `(account, type, amount)` balance on `date` ("end" valuation, hledger's `-X`);
    /// accounts keep their input order.
    public init(balances: [(account: AccountName, type: AccountType, amount: Money)], in commodity: Commodity,
                on date: LocalDate, prices: PriceTable) throws(MoneyError) {
        try self.init(dated: balances.map { ($0.account, $0.type, $0.amount, date) }, in: commodity, reportDate: date, prices: prices)
    }

    /// Values each amount on its own date ("then" valuation, hledger's `--value=then`): postings
    /// at the price of the day they happened, summed per account.
    public init(dated balances: [(account: AccountName, type: AccountType, amount: Money, date: LocalDate)], in commodity: Commodity,
                reportDate date: LocalDate, prices: PriceTable) throws(MoneyError) {
        self.commodity = commodity
        self.date = date
        var lines: [Line] = []
        var index: [AccountName: Int] = [:]
        var unconverted: [AccountName: [Commodity: Money]] = [:]
        for balance in balances where !balance.amount.isZero {
            let position = index[balance.account] ?? {
                lines.append(Line(account: balance.account, type: balance.type, valued: nil, unconverted: [], priceDate: nil))
                index[balance.account] = lines.count - 1
                return lines.count - 1
            }()
            if let (value, priceDate) = prices.value(balance.amount, in: commodity, on: balance.date) {
                lines[position].valued = try (lines[position].valued ?? .zero(commodity)).adding(value)
                if let priceDate {
                    lines[position].priceDate = min(lines[position].priceDate ?? priceDate, priceDate)
                    lines[position].latestPriceDate = max(lines[position].latestPriceDate ?? priceDate, priceDate)
                }
            } else if prices.reaches(balance.amount.currency, commodity, on: balance.date) {
                throw .overflow // a price exists: the value is beyond Int64 minor units, not unpriced (N15)
            } else {
                let currency = balance.amount.currency
                unconverted[balance.account, default: [:]][currency] = try (unconverted[balance.account]?[currency] ?? .zero(currency))
                    .adding(balance.amount)
            }
        }
        for position in lines.indices {
            lines[position].unconverted = (unconverted[lines[position].account] ?? [:]).values
                .filter { !$0.isZero }.sorted { $0.currency < $1.currency }
        }
        self.lines = lines
    }
}
