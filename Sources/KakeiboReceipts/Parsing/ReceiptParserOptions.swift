/// Hints the parser cannot read from the receipt itself.
public struct ReceiptParserOptions: Hashable, Sendable {
    /// How to read `03/04/2018`; `nil` decides from the currency (month-first for USD, day-first elsewhere).
    public var dayFirst: Bool?
    /// ISO code used when the receipt shows no currency.
    public var defaultCurrency: String

    public init(dayFirst: Bool? = nil, defaultCurrency: String = "MYR") {
        self.dayFirst = dayFirst
        self.defaultCurrency = defaultCurrency
    }
}
