import KakeiboDomain

/// What `import statement` did, for the CLI to print.
public struct StatementImportReport: Hashable, Sendable {
    public struct File: Hashable, Sendable {
        public var path: String
        public var format: StatementFormat
        /// Transactions the file holds (booked, non-zero).
        public var transactions: Int
        public var appended: Int
        /// Imported before (by this file or an overlapping statement), or earlier in this import.
        public var alreadyRecorded: Int
        public var warnings: [String]
        public var skipped: [String]
        /// The statement's closing balance and the ledger's balance of the account on that day
        /// after this import; they differ when the ledger is missing something (an opening balance).
        public var closingBalance: (date: LocalDate, statement: Money, ledger: Money)? {
            get { closing.map { ($0.date, $0.statement, $0.ledger) } }
            set { closing = newValue.map { Closing(date: $0.date, statement: $0.statement, ledger: $0.ledger) } }
        }
        var closing: Closing?
        /// The closing balance was recorded as a `BalanceAsserted` by this import (false: asserted before, or none).
        public var assertionRecorded = false
    }
    struct Closing: Hashable, Sendable { var date: LocalDate; var statement: Money; var ledger: Money }

    public var account: AccountName
    public var files: [File]
    public var accountsOpened: [JournalImportReport.OpenedAccount]
    public var position: Int64
    public var appended: Int { files.reduce(0) { $0 + $1.appended } }
    public var alreadyRecorded: Int { files.reduce(0) { $0 + $1.alreadyRecorded } }
}
