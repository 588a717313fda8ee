import KakeiboDomain

/// Where the ledger projection keeps its state: SQLite tables in the app, memory in tests.
///
/// The projector only ever talks to this protocol, so the live incremental update, a full
/// rebuild and a time-travel replay all run the same fold.
public protocol ProjectionStore: LedgerStateReader {
    func saveSettings(_ settings: LedgerSettings, createdAt: Int64) throws
    func insertAccount(_ account: Account, openedAt position: Int64) throws
    func updateAccount(_ account: Account) throws
    /// Stores an account's new name, taken at `position` (`namedPosition`).
    func renameAccount(_ account: Account, at position: Int64) throws
    func saveCategory(_ category: Category) throws
    /// Stores a new transaction and its postings.
    func insertTransaction(_ transaction: LedgerTransaction, at position: Int64) throws
    /// Replaces a transaction's state and postings (none once it is voided).
    func updateTransaction(_ transaction: LedgerTransaction, at position: Int64) throws
    func addToBalance(accountID: String, _ amount: Money) throws
    /// Keeps a budget set or cleared; definitions are only ever added.
    func insertBudgetDefinition(_ definition: BudgetDefinition) throws
    func insertIncomeGoal(_ goal: IncomeGoal) throws
    /// Adds `delta` (±1) to an expense category's learned count and to each feature of the expense
    /// (`SuggestionFeatures.of(payee:amount:)` plus its receipt's `i:` item words).
    func learnSuggestion(accountID: String, payee: String?, amount: Money?, itemWords: [String], delta: Int64) throws
    /// Keeps a scanned receipt's item words until the expense read from it is captured.
    func saveReceiptItemWords(_ words: [String], receiptID: String) throws
    /// Moves a receipt's item words to the expense that carries its receipt id.
    func attachReceiptItemWords(receiptID: String, transactionID: String) throws
    /// The item words of the receipt an expense was read from (empty when none).
    func receiptItemWords(transactionID: String) throws -> [String]
    /// Keeps a suggestion applied (or declined) at capture or import, and later what became of it.
    func insertSuggestionOutcome(_ outcome: SuggestionOutcome) throws
    func suggestionOutcome(transactionID: String) throws -> SuggestionOutcome?
    func updateSuggestionOutcome(_ outcome: SuggestionOutcome) throws
    /// Keeps a commodity outside the ISO table with its precision (`CommodityDeclared`).
    func saveCommodity(_ commodity: Commodity, display: String?) throws
    /// Keeps a market price; a later one for the same date and pair replaces it.
    func savePrice(_ price: MarketPrice, at position: Int64) throws
    /// Takes back the day's latest standing recording of the retracted value; the day's price falls
    /// back to the latest recording still standing, or to none.
    func retractPrice(_ retraction: LedgerEvent.PriceRetracted, at position: Int64) throws
    /// Keeps a conflict the household server recorded (`TransactionConflicted`), open.
    func insertConflict(_ conflict: LedgerEvent.TransactionConflicted, at position: Int64) throws
    /// Marks the transaction's open conflicts resolved by the edit or void at `position`.
    func resolveConflicts(transactionID: String, at position: Int64) throws
    func insertAccountAlias(_ alias: String, for accountID: String, at position: Int64) throws
    /// Keeps a same-name account of another type or currency, opened under another name, listed.
    func insertAccountConflict(accountID: String, name: String, keptAccountID: String, at position: Int64) throws
    /// Settles the account's name conflict, if it has one, at the rename at `position`.
    func resolveAccountConflict(accountID: String, at position: Int64) throws
    /// Lots (issue 36): an acquisition's new lot, a lot a disposal took from, the disposal itself.
    func insertLot(_ lot: Lot, at position: Int64) throws
    func updateLot(_ lot: Lot) throws
    func lot(id: String) throws -> Lot?
    func insertLotDisposal(_ disposal: LotDisposal) throws
    func saveBooking(_ booking: LotBooking, accountID: String) throws
    /// Keeps a statement's stated balance (`BalanceAsserted`, issue 32).
    func saveBalanceAssertion(_ assertion: LedgerEvent.BalanceAsserted, at position: Int64) throws
    /// Re-counts every stored amount of a commodity at its grown precision (issue 36).
    func growPrecision(_ growth: LedgerEvent.CommodityPrecisionGrown) throws
    func setCheckpoint(_ position: Int64) throws
    func checkpoint() throws -> Int64
}
