/// One commodity's price in another on a date, as the prices projection holds it: for the same
/// date and pair, the price recorded later replaces the earlier one.
public struct MarketPrice: Hashable, Sendable {
    public var date: LocalDate
    public var commodity: Commodity
    public var quote: Commodity
    public var value: ExactDecimal

    public init(date: LocalDate, commodity: Commodity, quote: Commodity, value: ExactDecimal) {
        self.date = date; self.commodity = commodity; self.quote = quote; self.value = value
    }
}
