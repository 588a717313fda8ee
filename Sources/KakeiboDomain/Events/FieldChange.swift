/// One field of a transaction changed by an edit, with its value before and after.
///
/// Values are JSON so history can show them exactly as stored: dates as `YYYY-MM-DD`,
/// amounts as integer minor units, accounts by id, postings as arrays.
public struct FieldChange: Hashable, Sendable {
    public var field: TransactionField
    public var before: JSONValue
    public var after: JSONValue

    public init(field: TransactionField, before: JSONValue, after: JSONValue) {
        self.field = field
        self.before = before
        self.after = after
    }
}

/// The fields of a transaction an edit can change.
///
/// `reviewed` changes no money or text: its `after` is `true` when a person checked the transaction (a receipt flagged
/// at import) and found it right, so accepting it is an edit like any other, kept in the history with its reason.
public enum TransactionField: String, Hashable, Sendable, CaseIterable {
    case date, payee, memo, amount, fromAccount, toAccount, postings, reviewed
}
