/// What a CSV import did, for the CLI to print.
public struct CSVImportReport: Hashable, Sendable {
    public var file: String
    /// Rows after the skipped header lines.
    public var rows: Int
    public var appended: Int
    /// Rows an earlier import of an overlapping statement recorded.
    public var alreadyRecorded: Int
    public var accountsOpened: [JournalImportReport.OpenedAccount]
    public var position: Int64
}
