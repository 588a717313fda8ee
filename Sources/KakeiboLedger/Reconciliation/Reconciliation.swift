import KakeiboDomain

/// What `reconcile` found: the statement's balance against the ledger's cleared balance on the
/// statement's date, and either the postings it cleared (and locked) or, when the two differ, the
/// difference and the uncleared postings that could explain it.
public struct Reconciliation: Hashable, Sendable {
    public var account: AccountName
    public var asOf: LocalDate
    public var statement: Money
    /// Σ of the account's postings dated up to `asOf` that are cleared or unmarked (about to be
    /// cleared): a pending posting (`!`) is one the bank has not shown yet, so it is left out.
    public var ledger: Money
    /// `statement − ledger`; zero when they agree.
    public var difference: Money
    /// Postings dated up to `asOf` that are not cleared: unmarked ones, then pending ones.
    public var uncleared: [ReconcilePosting]
    /// When they differ: sets of one to three uncleared postings that would close the difference,
    /// an unmarked one the statement does not show yet (left out) or a pending one it does (taken in).
    public var explanations: [[ReconcilePosting]] = []
    /// When they agree: the postings this reconcile cleared, and how many postings it locked.
    public var cleared: [ReconcilePosting] = []
    public var lockedCount = 0
    /// The events appended (none when they differ, or when everything was cleared and locked already).
    public var results: [RecordResult] = []

    public var isMatched: Bool { difference.isZero }
}
