import KakeiboDomain

/// An account with its category metadata, for `account list` and `category list`.
public struct AccountListing: Hashable, Sendable {
    public var account: Account
    public var category: Category?
    public var balances: [Money]
}
