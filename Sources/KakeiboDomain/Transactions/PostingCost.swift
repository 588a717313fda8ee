/// What a posting was bought or sold for, as written: `@ $1.09` (per unit) or `@@ $33.15` (in total).
///
/// Kept as written rather than as the computed weight, so an export gives back `@` or `@@` with
/// the same digits, and a unit price may have more decimals than the commodity it is quoted in.
public struct PostingCost: Hashable, Sendable {
    public enum Per: String, Hashable, Sendable {
        case unit, total
    }

    public var per: Per
    /// The price's magnitude and sign as written (hledger allows negative unit prices, #1870).
    public var value: ExactDecimal
    public var commodity: Commodity

    public init(per: Per, value: ExactDecimal, commodity: Commodity) {
        self.per = per
        self.value = value
        self.commodity = commodity
    }
}
