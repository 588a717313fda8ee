import KakeiboDomain

/// Budgets for one period: a line per budgeted category and per parent that rolls them up.
public struct BudgetReport: Hashable, Sendable {
    public struct Line: Hashable, Sendable {
        public var account: AccountName
        public var displayName: String?
        public var hue: Int?
        public var icon: String?
        public var isArchived: Bool
        /// The category's own budget, when it has one; its `spent` covers the category and the
        /// children that have no budget of their own.
        public var own: BudgetFigures?
        public var rollover: Rollover?
        /// The own budget plus every budgeted descendant's: what a parent line shows.
        public var total: BudgetFigures
        /// Depth below `expenses`: 0 for a top-level category.
        public var depth: Int
    }

    public struct Totals: Hashable, Sendable {
        /// Σ of every own budget: each posting is counted once, under its nearest budgeted category.
        public var figures: BudgetFigures
        /// Spending in categories with no budget (and no budgeted parent) of either length.
        public var unbudgetedSpent: Int64
        /// Spending in categories budgeted per the other period length (weekly ones in a monthly
        /// report, and the reverse): budgeted, just not in this report's periods.
        public var otherLengthSpent: Int64 = 0
    }

    public var period: PlanPeriod
    /// Parents before children, siblings by name.
    public var lines: [Line]
    /// One per currency in use, by currency code.
    public var totals: [Totals]
    /// Spending in another commodity than the ledger's base currency within the period, and how
    /// it was counted; empty in a one-currency ledger (and then left out of the JSON).
    public var foreignSpending: [ForeignSpend] = []

    /// A foreign expense counted against a base-currency budget: at the posting's own cost when it
    /// has one, else at the `P` price on its date (`estimated`), else not at all (`unconverted`,
    /// left in its own commodity). Budgets are computed at report time, so a price recorded later
    /// re-values past periods.
    public struct ForeignSpend: Hashable, Sendable {
        public enum Basis: String, Hashable, Sendable {
            case cost, estimated, unconverted
        }

        public var account: AccountName
        public var date: LocalDate
        public var original: Money
        public var counted: Money?
        public var basis: Basis

        public init(account: AccountName, date: LocalDate, original: Money, counted: Money?, basis: Basis) {
            self.account = account; self.date = date; self.original = original; self.counted = counted; self.basis = basis
        }
    }
}
