/// What the decider decided for one command: everything the service needs to append it and to
/// tell the user what happened, so nothing is read back afterwards.
public struct Decision: Hashable, Sendable {
    /// The events to append, in order.
    public var events: [LedgerEvent]
    /// The version each stream the command writes must have when it is appended (optimistic
    /// concurrency). An edit or a void expects the transaction it read; a new transaction or
    /// receipt expects no stream yet; the shared structure and prices streams are not checked,
    /// since any command may add to them.
    public var expectedVersions: [String: ExpectedVersion]
    /// The transaction the command created or changed, if any.
    public var transactionID: String?
    /// The account a structure or budget command was about, when it made no transaction.
    public var accountID: String?
    /// What the category suggester decided for an amount that arrived without a category.
    public var suggestion: AppliedSuggestion?
    /// The full name of the category `suggestion` applied, resolved while deciding.
    public var suggestedCategory: AccountName?

    public init(events: [LedgerEvent], expectedVersions: [String: ExpectedVersion] = [:], transactionID: String? = nil,
                accountID: String? = nil, suggestion: AppliedSuggestion? = nil, suggestedCategory: AccountName? = nil) {
        self.events = events
        self.expectedVersions = expectedVersions
        self.transactionID = transactionID
        self.accountID = accountID
        self.suggestion = suggestion
        self.suggestedCategory = suggestedCategory
    }
}
