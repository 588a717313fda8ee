/// Hints the parser cannot read from the receipt itself.
public struct ReceiptParserOptions: Hashable, Sendable {
    /// How to read `03/04/2018`; `nil` decides from the currency (month-first for USD, day-first elsewhere).
    public var dayFirst: Bool?
    /// ISO code used when the receipt shows no currency.
    public var defaultCurrency: String
    /// Chooses total, date and merchant among the candidates and says how far to trust them; `nil` keeps the
    /// hand rules' choices and confidences (kept for comparison: `receipts eval --rules`).
    public var model: ReceiptModel?
    /// Whether a currency the receipt does not print may be inferred from where it was issued (`CurrencyClues`);
    /// off when the person named the currency for such receipts (`import receipt --currency`), which then stands.
    public var infersCurrency: Bool

    public init(dayFirst: Bool? = nil, defaultCurrency: String = "MYR", model: ReceiptModel? = ReceiptModel.trained,
                infersCurrency: Bool = true) {
        self.dayFirst = dayFirst
        self.defaultCurrency = defaultCurrency
        self.model = model
        self.infersCurrency = infersCurrency
    }
}
