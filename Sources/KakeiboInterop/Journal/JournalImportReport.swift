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
}
