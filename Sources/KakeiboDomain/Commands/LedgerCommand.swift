/// What a user (or an importer) asks the ledger to do. The decider turns it into events.
///
/// Amounts stay text until the decider knows which currency, and so how many decimals, apply.
public enum LedgerCommand: Hashable, Sendable {
    case createLedger(name: String, currency: Currency, timeZone: String)
    case openAccount(name: String, type: AccountType?, currency: Currency?)
    /// An asset or liability account that takes any commodity (a brokerage account; one an import
    /// sees posted in two); `currency` is its first. Other types take any commodity anyway.
    case openAccountForAnyCommodity(name: String, type: AccountType?, currency: Currency?)
    case renameAccount(name: String, newName: String)
    /// Gives an account another type: an unclassified one from a journal, usually.
    case retypeAccount(name: String, type: AccountType)
    case closeAccount(name: String)
    case addCategory(CategoryInput)
    case renameCategory(name: String, newName: String)
    case archiveCategory(name: String)
    case captureExpense(MoneyInput)
    case recordIncome(MoneyInput)
    case makeTransfer(MoneyInput)
    case recordTransaction(TransactionInput)
    case editTransaction(EditInput)
    case voidTransaction(id: String, reason: String?)
    /// A void of a transaction holding a locked posting, past the lock: the reason is required and recorded.
    case forcedVoid(id: String, reason: String)
    /// hledger's `*` / `!` (nil: unmarked) on some postings of one transaction: `PostingsMarked`.
    case markPostings(transactionID: String, lines: [Int], status: TransactionStatus?)
    /// Postings agreed with a statement, locked against edits: `PostingsLocked`.
    case lockPostings(transactionID: String, lines: [Int])
    case setBudget(BudgetInput)
    /// Stops a category's budget from the period containing `from` (default: today) on.
    case clearBudget(category: String, from: LocalDate?)
    case setIncomeGoal(GoalInput)
    /// A scanned receipt: `ReceiptScanned` then the `ExpenseCaptured` it produced.
    case importReceipt(ReceiptInput)
    /// A commodity outside the ISO table, with its precision: `CommodityDeclared`.
    case declareCommodity(Commodity, display: String?)
    /// A market price: `PriceRecorded`.
    case recordPrice(PriceInput)
    /// A recorded price taken back: `PriceRetracted`.
    case retractPrice(PriceRetractionInput)
    /// A periodic plan that is not a budget: `ForecastRuleSet`.
    case setForecastRule(ForecastRuleInput)
    /// How disposals from an account pick their lots, and where their gains go: `AccountBookingSet`.
    case setBooking(account: String, booking: LotBooking)
    /// A statement's closing balance for an account at the end of a day: `BalanceAsserted`.
    case assertBalance(BalanceAssertionInput)

    /// `@ 1.09 USD` (unit) or `@@ 33.15 USD` (total), as typed or read: the value stays text
    /// until the decider parses it exactly.
    public struct CostInput: Hashable, Sendable {
        public var per: PostingCost.Per
        /// A plain decimal with "." as the mark: `1.09`, `0.007235`.
        public var value: String
        public var commodity: Commodity
        public init(per: PostingCost.Per, value: String, commodity: Commodity) {
            self.per = per; self.value = value; self.commodity = commodity
        }
    }

    public struct PriceInput: Hashable, Sendable {
        public var date: LocalDate?
        public var commodity: Commodity
        public var value: String
        public var quote: Commodity
        public var source: LedgerEvent.PriceRecorded.Source
        public init(date: LocalDate?, commodity: Commodity, value: String, quote: Commodity,
                    source: LedgerEvent.PriceRecorded.Source = .manual) {
            self.date = date; self.commodity = commodity; self.value = value; self.quote = quote; self.source = source
        }
    }

    /// The price of `commodity` in `quote` on `date` to retract: the one in force that day, or with
    /// `value` the latest recording of that value still standing (a journal's `P` line another
    /// recording of the same day has since replaced).
    public struct PriceRetractionInput: Hashable, Sendable {
        public var date: LocalDate?
        public var commodity: Commodity
        public var quote: Commodity
        public var value: String?
        public var reason: String?
        public init(date: LocalDate?, commodity: Commodity, quote: Commodity, value: String? = nil, reason: String? = nil) {
            self.date = date; self.commodity = commodity; self.quote = quote; self.value = value; self.reason = reason
        }
    }

    public struct CategoryInput: Hashable, Sendable {
        public var name: String
        public var type: AccountType
        public var displayName: String?
        public var hue: Int?
        public var icon: String?
        public init(name: String, type: AccountType = .expense, displayName: String? = nil, hue: Int? = nil, icon: String? = nil) {
            self.name = name; self.type = type; self.displayName = displayName; self.hue = hue; self.icon = icon
        }
    }

    /// An expense (`to` is the category), an income (`from` is the income account) or a transfer.
    public struct MoneyInput: Hashable, Sendable {
        public var amount: String
        public var currency: Currency?
        public var date: LocalDate?
        public var from: String
        public var to: String
        public var payee: String?
        public var memo: String?
        /// For an expense without a category: `to` is only the fallback (`expenses:unknown`), and a
        /// confident suggestion from the ledger's suggester replaces it. The event records either way.
        public var suggestCategory = false
        /// For a transfer between accounts in two commodities: what the amount cost in the
        /// receiving account's commodity (`--cost 545.00`). The decider records the conversion.
        public var cost: CostInput? = nil
        public init(amount: String, currency: Currency? = nil, date: LocalDate? = nil, from: String, to: String,
                    payee: String? = nil, memo: String? = nil) {
            self.amount = amount; self.currency = currency; self.date = date; self.from = from; self.to = to
            self.payee = payee; self.memo = memo
        }
    }

    public struct PostingInput: Hashable, Sendable {
        public var account: String
        /// Nil for the one posting whose amount balances the rest, as in hledger journals.
        public var amount: String?
        public var currency: Currency?
        public var memo: String?
        /// `@`/`@@`: the decider adds the two conversion postings that balance it.
        public var cost: CostInput? = nil
        /// `(account)` or `[account]` in a journal; nil for a real posting.
        public var virtual: PostingVirtuality? = nil
        /// A journal's posting mark (`  * assets:bank  $5`), kept as written (issue 32).
        public var status: TransactionStatus? = nil
        /// The account as a journal wrote it, when an `alias` made it `account`.
        public var accountAsWritten: String? = nil
        /// `{…}`: the lot this posting acquires, or how a disposal selects the lots it sells.
        public var lot: LotInput? = nil
        public init(account: String, amount: String?, currency: Currency? = nil, memo: String? = nil) {
            self.account = account; self.amount = amount; self.currency = currency; self.memo = memo
        }
        public init(account: String, amount: String?, currency: Currency?, memo: String?, cost: CostInput?) {
            self.init(account: account, amount: amount, currency: currency, memo: memo)
            self.cost = cost
        }
    }

    public struct TransactionInput: Hashable, Sendable {
        public var date: LocalDate?
        public var payee: String?
        public var memo: String?
        public var postings: [PostingInput]
        /// The posting whose account is only a fallback (an importer's `expenses:unknown`): a
        /// confident suggestion replaces its account when it is a positive expense posting.
        public var suggestCategoryFor: Int?
        /// A journal's `*` or `!` and its `(code)`, kept as written (issue 29, B12).
        public var status: TransactionStatus? = nil
        public var code: String? = nil
        public init(date: LocalDate? = nil, payee: String? = nil, memo: String? = nil, postings: [PostingInput]) {
            self.date = date; self.payee = payee; self.memo = memo; self.postings = postings
        }
    }

    /// Fields left nil keep their value; `.some(nil)` for payee or memo clears it.
    public struct EditInput: Hashable, Sendable {
        public var id: String
        public var amount: String?
        public var date: LocalDate?
        public var payee: String??
        public var memo: String??
        public var category: String?
        public var from: String?
        public var to: String?
        public var postings: [PostingInput]?
        public var reason: String?
        /// A person checked the transaction and found it right: recorded as a `reviewed` change, so an edit that
        /// changes nothing else still says so (accepting a receipt flagged at import).
        public var reviewed: Bool
        /// Past a lock on one of its postings (`--force`); the edit then needs a reason.
        public var force = false
        public init(id: String, amount: String? = nil, date: LocalDate? = nil, payee: String?? = nil, memo: String?? = nil,
                    category: String? = nil, from: String? = nil, to: String? = nil, postings: [PostingInput]? = nil,
                    reason: String? = nil, reviewed: Bool = false) {
            self.id = id; self.amount = amount; self.date = date; self.payee = payee; self.memo = memo
            self.category = category; self.from = from; self.to = to; self.postings = postings; self.reason = reason
            self.reviewed = reviewed
        }
    }
}
