/// The slice of current state the decider needs, read from projections (never a replay),
/// so deciding a command costs the same however long the log is.
public protocol LedgerStateReader {
    func settings() throws -> LedgerSettings?
    func account(named name: String) throws -> Account?
    func account(id: String) throws -> Account?
    /// The account an id stands for: itself, or the account of the same name, type and currency
    /// another device opened first (both devices opened it offline: their entries merge).
    func accountID(resolving id: String) throws -> String
    /// The log position at which the account took the name it has now (its `AccountOpened`, or
    /// the `AccountRenamed` that gave it that name); nil for an account this reader does not hold.
    /// `EventAdmission` compares it with what an event's author had seen.
    func namedPosition(accountID: String) throws -> Int64?
    func category(accountID: String) throws -> Category?
    func transaction(id: String) throws -> LedgerTransaction?
    /// Whether a transaction was recorded under `id` (voided or not): `transaction(id:) != nil`
    /// without reading it. `EventAdmission` asks it of every transaction a rebuild folds.
    func hasTransaction(id: String) throws -> Bool
    /// Non-zero balances of one account, one per currency.
    func balances(accountID: String) throws -> [Money]
    /// The sum of the balances in one currency of the account `name` and every account under it
    /// (the balance tree's total for that line), pending changes included; nil when this reader
    /// cannot tell, which skips the check that the total stays within Int64.
    func subtreeTotal(of name: String, currency: Currency) throws -> WideSum?
    /// An upper bound on the sum of every balance's magnitude, pending changes included; nil when
    /// this reader cannot tell. Below Int64 by more than a command moves, no balance or total can
    /// overflow, and the decider skips the per-account checks.
    func balanceMagnitudeBound() throws -> UInt64?
    /// Whether an open income account holds `currency`; nil when this reader cannot tell.
    func holdsIncome(in currency: Currency) throws -> Bool?
    /// Every budget set or cleared for one category, in the order they were recorded.
    func budgetDefinitions(accountID: String) throws -> [BudgetDefinition]
    /// The suggester's category for an uncategorised expense, or its abstention (nil account);
    /// nil when this reader has no suggester. Read from projections as of the log head.
    /// `itemWords` are a receipt's `SuggestionFeatures.itemTokens`, empty for other captures.
    func categorySuggestion(payee: String?, amount: Money, itemWords: [String]) throws -> AppliedSuggestion?
    /// A declared commodity outside the ISO table, by symbol; nil when none was declared.
    func commodity(symbol: String) throws -> Commodity?
    /// The price in force for `commodity` in `quote` on exactly `date` (the last recorded for that day); nil when
    /// none was recorded, or this reader keeps no prices.
    func price(of commodity: Commodity, in quote: Commodity, on date: LocalDate) throws -> ExactDecimal?
    /// Every recording of a price for `commodity` in `quote` on exactly `date`, oldest first, each
    /// with whether a `PriceRetracted` took it back; nil when this reader keeps no prices.
    func priceRecordings(of commodity: Commodity, in quote: Commodity, on date: LocalDate) throws -> [PriceRecording]?
    /// Whether a household server recorded a conflict on the transaction that nothing has
    /// settled yet; false when this reader keeps no conflicts.
    func hasOpenConflict(transactionID: String) throws -> Bool
    /// Open lots of `commodity` in an account, oldest first (issue 36); none when this reader keeps no lots.
    func openLots(accountID: String, commodity: Commodity) throws -> [Lot]
    /// How many open lots the account holds, in any commodity.
    func openLotCount(accountID: String) throws -> Int
    /// The account's booking; nil for the default (FIFO into `income:capital-gains`).
    func booking(accountID: String) throws -> LotBooking?
    /// Whether the transaction opened or sold lots.
    func hasLots(transactionID: String) throws -> Bool
}

extension LedgerStateReader {
    public func commodity(symbol: String) throws -> Commodity? { nil }

    public func price(of commodity: Commodity, in quote: Commodity, on date: LocalDate) throws -> ExactDecimal? { nil }

    public func priceRecordings(of commodity: Commodity, in quote: Commodity, on date: LocalDate) throws -> [PriceRecording]? { nil }

    public func hasOpenConflict(transactionID: String) throws -> Bool { false }

    public func subtreeTotal(of name: String, currency: Currency) throws -> WideSum? { nil }

    public func holdsIncome(in currency: Currency) throws -> Bool? { nil }

    public func balanceMagnitudeBound() throws -> UInt64? { nil }

    public func categorySuggestion(payee: String?, amount: Money, itemWords: [String]) throws -> AppliedSuggestion? { nil }

    public func categorySuggestion(payee: String?, amount: Money) throws -> AppliedSuggestion? {
        try categorySuggestion(payee: payee, amount: amount, itemWords: [])
    }
}
