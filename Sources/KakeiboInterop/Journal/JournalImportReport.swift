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
    /// `PriceRetracted` events this import appended: `P` lines an earlier import of the journal
    /// recorded that the file no longer holds (`--replace` only, issue 29 N17).
    public var pricesRetracted = 0
    /// Without `replace`: prices an earlier import of the journal recorded that the file no longer
    /// holds, left standing (they still value balances until retracted).
    public var pricesNoLongerInFile = 0
    /// Statement balances (an export's `statement balance` transactions) this import recorded as
    /// `BalanceAsserted`; a re-import records none.
    public var statementBalancesAppended = 0
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

    /// Accounts opened as `unclassified`: neither their name nor a `type:` tag says what they
    /// are. The CLI's one warning lists them all (`JournalImportReport+Lines`).
    public var unclassified: [AccountName] { accountsOpened.filter { $0.type == .unclassified }.map(\.name) }

    public struct RoundedConversion: Hashable, Sendable {
        public var location: SourceLocation
        /// The weight stored, in the cost commodity.
        public var weight: Money
        /// Exact weight minus stored weight.
        public var residual: ExactDecimal
    }
}
