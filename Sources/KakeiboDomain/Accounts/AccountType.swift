/// The five kinds of account in double-entry bookkeeping.
public enum AccountType: String, Sendable, CaseIterable, Codable {
    case asset, liability, equity, income, expense
    /// Imported from a journal whose names and `type:` tags say nothing (`A1`, `me:assets:bank`):
    /// kept apart in reports until `account retype` gives it a type. Never chosen when opening by hand.
    case unclassified

    /// The type a top-level name implies (`assets:…`, `expenses:…`), as hledger infers it.
    public init?(inferredFrom name: AccountName) {
        switch name.components[0].lowercased() {
        case "asset", "assets": self = .asset
        case "liability", "liabilities", "debts": self = .liability
        case "equity": self = .equity
        case "income", "revenue", "revenues": self = .income
        case "expense", "expenses": self = .expense
        default: return nil
        }
    }

    /// Categories are income and expense accounts.
    public var canBeCategory: Bool { self == .income || self == .expense }

    /// Asset and liability accounts are constrained to one commodity, as a bank account is;
    /// income, expense and equity accounts (conversions among them) take any.
    public var holdsOneCommodity: Bool { self == .asset || self == .liability }

    /// "an asset", "a liability": for messages.
    public var article: String { self == .liability ? "a" : "an" }
}
