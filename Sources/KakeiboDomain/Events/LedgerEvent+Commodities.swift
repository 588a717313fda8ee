extension LedgerEvent {
    /// Prices get their own stream: recording one never contends with the ledger's structure.
    public static let pricesStream = "prices"

    /// A commodity that is not an ISO currency, and the precision its amounts are stored at.
    /// Declared once; amounts of it are Int64 minor units at `commodity.minorDigits`.
    public struct CommodityDeclared: Hashable, Sendable {
        public var commodity: Commodity
        /// How the journal wrote it (`BTC 1.00000000`), for exports; nil when not given.
        public var display: String?
        public init(commodity: Commodity, display: String?) {
            self.commodity = commodity; self.display = display
        }
    }

    /// A market price: one `commodity` was worth `value` `quote` on `date` (`P 2026-01-01 EUR $1.08`).
    /// Valuation reads these; nothing valued is ever written back.
    public struct PriceRecorded: Hashable, Sendable {
        public enum Source: String, Hashable, Sendable {
            case journal, manual
        }

        public var date: LocalDate
        public var commodity: Commodity
        public var value: ExactDecimal
        public var quote: Commodity
        public var source: Source
        public init(date: LocalDate, commodity: Commodity, value: ExactDecimal, quote: Commodity, source: Source) {
            self.date = date; self.commodity = commodity; self.value = value; self.quote = quote; self.source = source
        }
    }
}
