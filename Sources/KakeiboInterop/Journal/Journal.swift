import KakeiboDomain

/// A journal as read: its transactions in file order (includes expanded where they appear), with
/// every amount resolved and every balance assertion already checked.
public struct Journal: Hashable, Sendable {
    public var transactions: [JournalTransaction] = []
    /// `account` directives, in file order.
    public var accountDeclarations: [AccountDeclaration] = []
    /// `P` lines, each recorded as one `PriceRecorded`.
    public var prices: [PriceDirective] = []
    /// Commodities outside the ISO table, in the order first declared or used.
    public var commodities: [CommodityDeclaration] = []
    /// `~` periodic transactions, in file order: the importer makes budgets or forecast rules of them.
    public var periodicRules: [PeriodicRule] = []
    /// Every file read, the top one first.
    public var files: [String] = []
    /// How many balance assertions were checked (all passed, or reading would have failed).
    public var assertionsChecked = 0

    public init() {}

    /// An `account NAME  ; type: A` directive.
    public struct AccountDeclaration: Hashable, Sendable {
        public var name: AccountName
        public var type: AccountType?
        public var location: SourceLocation
    }

    /// `P 2026-11-01 EUR $1.08`: the commodity and its price as written, and read.
    public struct PriceDirective: Hashable, Sendable {
        public var date: LocalDate
        public var commodity: String
        public var price: String
        public var location: SourceLocation
        public var value: ExactDecimal
        public var quote: Commodity
        /// The priced commodity, resolved once the whole journal is read (a `commodity` directive may follow).
        public var resolved: Commodity? = nil
    }

    /// `~ monthly from 2026-01-01` and its postings, as written.
    public struct PeriodicRule: Hashable, Sendable {
        public struct Posting: Hashable, Sendable {
            public var location: SourceLocation
            public var account: AccountName
            /// Nil for the posting that leaves its amount out: the side the money comes from.
            public var amount: Money?
        }
        public var location: SourceLocation
        /// Monthly or weekly, with no end and no anchoring day: what a budget can be; nil otherwise.
        public var length: PeriodLength?
        /// The `from` date; nil when the rule has none.
        public var from: LocalDate?
        public var description: String?
        public var postings: [Posting]
        /// When it falls, as the period expression says.
        public var recurrence: RecurrenceRule
    }

    /// `commodity BTC 1.00000000`, or the first amount in a commodity outside the ISO table.
    public struct CommodityDeclaration: Hashable, Sendable {
        public var commodity: Commodity
        public var display: String?
        public var location: SourceLocation
    }
}
