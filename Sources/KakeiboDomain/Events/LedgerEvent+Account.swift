extension LedgerEvent {
    /// The account (or category, or budgeted category) a structure or plan event is about: what
    /// `account open --format json` and `budget set --format json` report as the id.
    public var accountID: String? {
        switch self {
        case .accountOpened(let e): e.accountID
        case .accountRenamed(let e): e.accountID
        case .accountRetyped(let e): e.accountID
        case .accountClosed(let e): e.accountID
        case .categoryDefined(let e): e.accountID
        case .categoryRenamed(let e): e.accountID
        case .categoryArchived(let e): e.accountID
        case .budgetSet(let e): e.accountID
        case .budgetCleared(let e): e.accountID
        case .balanceAsserted(let e): e.accountID
        default: nil
        }
    }
}
