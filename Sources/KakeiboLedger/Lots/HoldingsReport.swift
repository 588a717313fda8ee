import KakeiboDomain

/// `kakeibo holdings`: per account and commodity, what the lots still hold (issue 36).
public struct HoldingsReport: Hashable, Sendable {
    public struct Row: Hashable, Sendable {
        public var account: AccountName
        /// The units held, in their commodity.
        public var units: Money
        /// What they cost, in the lots' cost commodity.
        public var basis: Money
        /// Their market value from `P` prices on or before `asOf`, in the valuation commodity; nil
        /// when no price reaches it (then the holding is shown unvalued, never dropped).
        public var value: Money?
        /// The date of the price used (the older one for a hop through a third commodity).
        public var priceDate: LocalDate?
        /// `value − basis` when both are in one commodity.
        public var unrealisedGain: Money?
    }

    public var asOf: LocalDate
    /// The commodity asked for with `--value`; nil values each holding in its cost commodity.
    public var valuedIn: Commodity?
    public var rows: [Row]
}
