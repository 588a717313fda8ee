/// The invariants an event must keep to follow a ledger's state (`EventAdmission`). The raw
/// values go on the wire (the household server names the rule a pushed event broke), so they
/// are kebab-case and never change once shipped.
public enum AdmissionRule: String, Sendable, Hashable, CaseIterable {
    /// A posting, or an account or category event, names an account no event opened.
    case unknownAccount = "unknown-account"
    /// The postings of a transaction (or of an edit's result) do not sum to zero per commodity.
    case unbalanced
    /// An expense, income or transfer of nothing.
    case zeroAmount = "zero-amount"
    /// A balance, or the total of an account and those under it, would pass Int64 minor units.
    case balanceOverflow = "balance-overflow"
    /// An edit or void of a transaction no event recorded.
    case unknownTransaction = "unknown-transaction"
    /// An edit of a voided transaction: the server turns an edit that crossed a void into a
    /// `TransactionConflicted`, so one never belongs in a canonical log.
    case editOfVoided = "edit-of-voided"
    /// An `AccountOpened` whose id is already an account's (or an alias of one).
    case accountIdInUse = "account-id-in-use"
    /// A transaction recorded under an id already used.
    case transactionIdInUse = "transaction-id-in-use"
    /// An account opened or renamed to a name its author had seen taken (only with `authorSaw`).
    case nameInUse = "name-in-use"
    /// A commodity declared again at another precision: amounts under the two would not mean the same.
    case commodityPrecision = "commodity-precision"
    /// A category renamed or archived that was never defined.
    case unknownCategory = "unknown-category"
    /// A `PriceRetracted` of a price no event recorded (for that pair, day and value).
    case unknownPrice = "unknown-price"
    /// A second `LedgerCreated`.
    case ledgerExists = "ledger-exists"
    /// A payload the fold cannot apply: an edit's change that does not fit its transaction, an
    /// amount that cannot be negated.
    case malformed
}

/// Why an event may not follow a state: the rule it breaks and what it named, in neutral words.
public struct AdmissionRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    public var rule: AdmissionRule
    public var detail: String

    public init(_ rule: AdmissionRule, _ detail: String) {
        self.rule = rule
        self.detail = detail
    }

    public var description: String { "\(detail) (\(rule.rawValue))" }
}
