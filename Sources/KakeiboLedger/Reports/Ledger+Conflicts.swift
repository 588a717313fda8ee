import GRDB
import KakeiboDomain

/// A conflict the household server recorded and no later edit has settled yet.
public struct OpenConflict: Hashable, Sendable {
    /// The log position of its `TransactionConflicted`.
    public var position: Int64
    public var conflict: LedgerEvent.TransactionConflicted
}

extension Ledger {
    /// The open conflicts, oldest first, from this file's projection: every device that holds
    /// the same log lists the same ones, online or not.
    public func openConflicts() throws -> [OpenConflict] {
        try writer.read { db in try Self.openConflicts(in: db) }
    }

    public static func openConflicts(in db: Database) throws -> [OpenConflict] {
        try Row.fetchAll(db, sql: """
            SELECT position, txn_id, based_on, kept, deferred, member, device, fields, changes
            FROM transaction_conflicts WHERE resolved_position IS NULL ORDER BY position
            """).map { row in
            let fields = try JSONValue.parse(Array((row["fields"] as String).utf8))
            return OpenConflict(position: row["position"], conflict: .init(
                transactionID: row["txn_id"], basedOn: row["based_on"],
                kept: (row["kept"] as String).split(separator: " ").map(String.init),
                deferred: (row["deferred"] as String).split(separator: " ").map(String.init),
                member: row["member"], device: row["device"],
                fields: (fields.arrayValue ?? []).map { field in
                    LedgerEvent.ConflictedField(field: field["field"]?.stringValue ?? "", kept: field["kept"] ?? .null,
                                                deferred: field["deferred"] ?? .null)
                },
                deferredChanges: try JSONValue.parse(Array((row["changes"] as String).utf8))))
        }
    }
}

/// An account whose name another device gave first to a different account (opened under it with
/// another type or currency, or renamed to it): kept under `currentName` until someone renames it.
public struct AccountConflict: Hashable, Sendable {
    public var position: Int64
    public var accountID: String
    /// The name both devices chose, and the name this account has meanwhile.
    public var name: String
    public var currentName: String
    public var keptAccountID: String
}

extension Ledger {
    public func openAccountConflicts() throws -> [AccountConflict] {
        try writer.read { db in try Self.openAccountConflicts(in: db) }
    }

    public static func openAccountConflicts(in db: Database) throws -> [AccountConflict] {
        try AccountConflict.fetchAll(db, sql: """
            SELECT c.position, c.account_id, c.name, a.name AS current_name, c.kept_account_id
            FROM account_conflicts c JOIN accounts a USING (account_id) WHERE c.resolved_position IS NULL ORDER BY c.position
            """)
    }
}

/// Read by column name beside the query above (GRDB's `FetchableRecord`), not `row[0]`…`row[4]`: two of the
/// columns are names, and a reordered SELECT would have swapped them without a type error.
extension AccountConflict: FetchableRecord {
    public init(row: Row) throws {
        self.init(position: row["position"], accountID: row["account_id"], name: row["name"], currentName: row["current_name"],
                  keptAccountID: row["kept_account_id"])
    }
}
