/// The event catalog. Extend it, version it, never rewrite what shipped: old logs must replay.
public enum LedgerEvent: Hashable, Sendable {
    case ledgerCreated(LedgerCreated)
    case accountOpened(AccountOpened)
    case accountRenamed(AccountRenamed)
    case accountRetyped(AccountRetyped)
    case accountClosed(AccountClosed)
    case categoryDefined(CategoryDefined)
    case categoryRenamed(CategoryRenamed)
    case categoryArchived(CategoryArchived)
    case expenseCaptured(MoneyMoved)
    case incomeRecorded(MoneyMoved)
    case transferMade(MoneyMoved)
    case transactionRecorded(TransactionRecorded)
    case transactionEdited(TransactionEdited)
    case transactionVoided(TransactionVoided)
    case budgetSet(BudgetSet)
    case budgetCleared(BudgetCleared)
    case incomeGoalSet(IncomeGoalSet)
    case receiptScanned(ReceiptScanned)
    case commodityDeclared(CommodityDeclared)
    case priceRecorded(PriceRecorded)
    case transactionConflicted(TransactionConflicted)
    case forecastRuleSet(ForecastRuleSet)
    case accountBookingSet(AccountBookingSet)
    case postingsMarked(PostingsMarked)
    case postingsLocked(PostingsLocked)
    case balanceAsserted(BalanceAsserted)
    case commodityPrecisionGrown(CommodityPrecisionGrown)
    case priceRetracted(PriceRetracted)

    public struct LedgerCreated: Hashable, Sendable {
        public var name: String
        public var baseCurrency: Currency
        /// IANA name; "today" is computed in this zone.
        public var timeZone: String
        public init(name: String, baseCurrency: Currency, timeZone: String) {
            self.name = name; self.baseCurrency = baseCurrency; self.timeZone = timeZone
        }
    }

    public struct AccountOpened: Hashable, Sendable {
        public var accountID: String
        public var name: AccountName
        public var type: AccountType
        public var currency: Currency
        /// Opened for several commodities (issue 17); omitted from the payload when false.
        public var holdsAnyCommodity = false
        public init(accountID: String, name: AccountName, type: AccountType, currency: Currency) {
            self.accountID = accountID; self.name = name; self.type = type; self.currency = currency
        }
    }

    /// `account retype`: an account gets the type its name could not give it (or a corrected one).
    public struct AccountRetyped: Hashable, Sendable {
        public var accountID: String
        public var from: AccountType
        public var to: AccountType
        public init(accountID: String, from: AccountType, to: AccountType) {
            self.accountID = accountID; self.from = from; self.to = to
        }
    }

    public struct AccountRenamed: Hashable, Sendable {
        public var accountID: String
        public var from: AccountName
        public var to: AccountName
        public init(accountID: String, from: AccountName, to: AccountName) {
            self.accountID = accountID; self.from = from; self.to = to
        }
    }

    public struct AccountClosed: Hashable, Sendable {
        public var accountID: String
        public init(accountID: String) { self.accountID = accountID }
    }

    public struct CategoryDefined: Hashable, Sendable {
        public var accountID: String
        public var displayName: String
        public var hue: Int
        public var icon: String
        public init(accountID: String, displayName: String, hue: Int, icon: String) {
            self.accountID = accountID; self.displayName = displayName; self.hue = hue; self.icon = icon
        }
    }

    public struct CategoryRenamed: Hashable, Sendable {
        public var accountID: String
        public var from: String
        public var to: String
        public init(accountID: String, from: String, to: String) {
            self.accountID = accountID; self.from = from; self.to = to
        }
    }

    public struct CategoryArchived: Hashable, Sendable {
        public var accountID: String
        public init(accountID: String) { self.accountID = accountID }
    }

    /// An expense, an income or a transfer: one amount from one account to another.
    public struct MoneyMoved: Hashable, Sendable {
        public var transactionID: String
        public var date: LocalDate
        public var amount: Money
        public var fromAccountID: String
        public var toAccountID: String
        public var payee: String?
        public var memo: String?
        /// Set when the category was the suggester's (or it abstained); see `AppliedSuggestion`.
        public var suggestion: AppliedSuggestion?
        /// The `ReceiptScanned` this expense was read from; omitted from the payload when nil.
        public var receiptID: String? = nil
        /// Some key field of the receipt was missing or uncertain; omitted from the payload when false.
        public var needsReview: Bool = false
        public init(transactionID: String, date: LocalDate, amount: Money, fromAccountID: String,
                    toAccountID: String, payee: String?, memo: String?) {
            self.transactionID = transactionID; self.date = date; self.amount = amount
            self.fromAccountID = fromAccountID; self.toAccountID = toAccountID
            self.payee = payee; self.memo = memo
        }
    }

    /// A general transaction with any number of postings (splits).
    public struct TransactionRecorded: Hashable, Sendable {
        public var transactionID: String
        public var date: LocalDate
        public var payee: String?
        public var memo: String?
        public var postings: [Posting]
        /// Set when an importer let the suggester pick the category posting; see `AppliedSuggestion`.
        public var suggestion: AppliedSuggestion?
        /// A journal's `*`/`!` and `(code)`; omitted from the payload when nil, so older events keep their bytes.
        public var status: TransactionStatus? = nil
        public var code: String? = nil
        public init(transactionID: String, date: LocalDate, payee: String?, memo: String?, postings: [Posting]) {
            self.transactionID = transactionID; self.date = date; self.payee = payee
            self.memo = memo; self.postings = postings
        }
    }

    public struct TransactionEdited: Hashable, Sendable {
        public var transactionID: String
        public var changes: [FieldChange]
        public var reason: String?
        /// Past a lock (`edit --force --reason`); omitted from the payload when false.
        public var forced = false
        public init(transactionID: String, changes: [FieldChange], reason: String?) {
            self.transactionID = transactionID; self.changes = changes; self.reason = reason
        }
    }

    public struct TransactionVoided: Hashable, Sendable {
        public var transactionID: String
        public var reason: String?
        /// Past a lock (`void --force --reason`); omitted from the payload when false.
        public var forced = false
        public init(transactionID: String, reason: String?) {
            self.transactionID = transactionID; self.reason = reason
        }
    }
}

extension LedgerEvent {
    /// The stream the event belongs to: one per transaction, one for the ledger's structure.
    public var stream: String {
        if let id = transactionID { return LedgerTransaction.stream(for: id) }
        if case .receiptScanned(let e) = self { return e.stream }
        if case .priceRecorded = self { return LedgerEvent.pricesStream }
        if case .priceRetracted = self { return LedgerEvent.pricesStream }
        if case .transactionConflicted = self { return LedgerEvent.conflictsStream }
        return LedgerEvent.structureStream
    }

    /// Accounts, categories and settings share one stream, so their names stay consistent.
    public static let structureStream = "ledger"

    public var transactionID: String? {
        switch self {
        case .expenseCaptured(let e), .incomeRecorded(let e), .transferMade(let e): e.transactionID
        case .transactionRecorded(let e): e.transactionID
        case .transactionEdited(let e): e.transactionID
        case .transactionVoided(let e): e.transactionID
        case .postingsMarked(let e): e.transactionID
        case .postingsLocked(let e): e.transactionID
        default: nil
        }
    }

    /// The business date the event is about, when it has one.
    public var occurredOn: LocalDate? {
        switch self {
        case .expenseCaptured(let e), .incomeRecorded(let e), .transferMade(let e): e.date
        case .transactionRecorded(let e): e.date
        default: nil
        }
    }
}
