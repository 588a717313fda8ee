/// `holdings.json` (issue 36): what the lots hold on the as-of date, per account and commodity,
/// valued in the base currency from `P` prices, as `holdings --value BASE` shows it. Written only
/// by a ledger that has held lots, so the eight documents of a ledger without any stay as they were.
public struct HoldingsWidget: WidgetBody {
    public static let kind = "holdings"

    public struct Holding: Codable, Hashable, Sendable {
        public var account: String
        /// The units' commodity (`VTI`) and how many are held, as a decimal string.
        public var commodity: String, units: String
        /// What they cost, in the lots' cost commodity.
        public var basis: String, basisCurrency: String
        /// In the base currency; null when no price reaches it (the holding is listed all the same).
        public var marketValue: String?
        /// The date of the price used (the older one for a hop through a third commodity).
        public var priceDate: String?
        /// `marketValue − basis`; null unless both are in the base currency.
        public var unrealisedGain: String?

        public init(account: String, commodity: String, units: String, basis: String, basisCurrency: String,
                    marketValue: String?, priceDate: String?, unrealisedGain: String?) {
            self.account = account; self.commodity = commodity; self.units = units; self.basis = basis
            self.basisCurrency = basisCurrency; self.marketValue = marketValue; self.priceDate = priceDate
            self.unrealisedGain = unrealisedGain
        }
    }

    /// The sums of the holdings whose basis and market value are both in the base currency; the
    /// others are counted in `unvalued`, never added in at a guess.
    public struct Totals: Codable, Hashable, Sendable {
        public var basis: String, marketValue: String, unrealisedGain: String
        /// Holdings left out of the sums: no price reaches the base currency, or their cost is in another.
        public var unvalued: Int

        public init(basis: String, marketValue: String, unrealisedGain: String, unvalued: Int) {
            self.basis = basis; self.marketValue = marketValue; self.unrealisedGain = unrealisedGain; self.unvalued = unvalued
        }
    }

    /// The base currency, which market values and totals are in.
    public var currency: String
    /// By account, then commodity.
    public var holdings: [Holding]
    public var totals: Totals

    public init(currency: String, holdings: [Holding], totals: Totals) {
        self.currency = currency; self.holdings = holdings; self.totals = totals
    }
}
