import KakeiboDomain

/// What an import did, for the CLI to print.
public struct JournalImportReport: Hashable, Sendable {
    public struct OpenedAccount: Hashable, Sendable {
        public var name: AccountName
        public var type: AccountType
        public var currency: Currency
    }

    public var files: [String]
    /// Transactions in the journal.
    public var transactions: Int
    /// Transactions recorded by this import.
    public var appended: Int
    /// Transactions a previous import had recorded already.
    public var alreadyRecorded: Int
    public var accountsOpened: [OpenedAccount]
    public var prices: [Journal.PriceDirective]
    public var assertionsChecked: Int
    /// Transactions an earlier import of this journal recorded that it no longer contains,
    /// voided because the import was asked to `replace` them.
    public var voided: Int = 0
    /// The last position of the log after the import.
    public var position: Int64
    /// `PriceRecorded` events this import appended (a re-import appends none).
    public var pricesAppended = 0
    /// Commodities outside the ISO table this import declared.
    public var commoditiesDeclared: [String] = []
    /// Conversions whose weight was rounded to a minor unit, accepted within half of one.
    public var roundedConversions: [RoundedConversion] = []
    /// How many `~` periodic transactions the journal has, and the budgets this import set from
    /// them (`expenses:food 400.00 monthly from 2026-01-01`); already-set ones are not listed.
    public var periodicRules = 0
    public var budgetsSet: [String] = []
    /// The rules kept as forecast rules by this import (`~ monthly: income:salary, assets:checking`).
    public var forecastRulesKept: [String] = []

    /// The one line saying what periodic transactions became; nil when the journal has none.
    public var periodicSummary: String? {
        guard periodicRules > 0 else { return nil }
        var parts: [String] = []
        if !budgetsSet.isEmpty {
            parts.append("\(budgetsSet.count) budget\(budgetsSet.count == 1 ? "" : "s") set (\(budgetsSet.joined(separator: "; ")))")
        }
        if !forecastRulesKept.isEmpty {
            parts.append("\(forecastRulesKept.count) kept as forecast rule\(forecastRulesKept.count == 1 ? "" : "s") "
                         + "for `kakeibo forecast` (\(forecastRulesKept.joined(separator: "; ")))")
        }
        return "\(periodicRules) periodic transaction\(periodicRules == 1 ? "" : "s"): "
            + (parts.isEmpty ? "budgets and forecast rules already set" : parts.joined(separator: "; "))
    }
    /// Accounts opened as `unclassified`: neither their name nor a `type:` tag says what they
    /// are. One warning lists them all; `account retype` fixes each.
    public var unclassified: [AccountName] { accountsOpened.filter { $0.type == .unclassified }.map(\.name) }

    /// The one warning an import with unclassified accounts prints; nil when there are none.
    public var unclassifiedWarning: String? {
        let names = unclassified
        guard !names.isEmpty else { return nil }
        return "warning: \(names.count) account\(names.count == 1 ? "" : "s") could not be typed from \(names.count == 1 ? "its name" : "their names") "
            + "and \(names.count == 1 ? "is" : "are") unclassified: \(names.map(\.rawValue).joined(separator: ", ")); "
            + "give each a type with `kakeibo account retype NAME asset|liability|equity|income|expense`"
    }

    public struct RoundedConversion: Hashable, Sendable {
        public var location: SourceLocation
        /// The weight stored, in the cost commodity.
        public var weight: Money
        /// Exact weight minus stored weight.
        public var residual: ExactDecimal
    }
}
