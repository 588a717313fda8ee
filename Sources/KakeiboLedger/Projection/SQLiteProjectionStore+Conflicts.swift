import GRDB
import KakeiboDomain
import KakeiboEventStore

// Conflicts a household server recorded, in the table of Migrations/0011_sync.sql.

extension SQLiteProjectionStore {
    func insertConflict(_ conflict: LedgerEvent.TransactionConflicted, at position: Int64) throws {
        try db.execute(sql: """
            INSERT INTO transaction_conflicts (position, txn_id, based_on, kept, deferred, member, device, fields, changes)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [position, conflict.transactionID, conflict.basedOn, conflict.kept.joined(separator: " "),
                             conflict.deferred.joined(separator: " "), conflict.member, conflict.device,
                             conflict.json["fields"]?.canonicalString() ?? "[]", conflict.deferredChanges.canonicalString()])
    }

    /// Answered from the partial index of open conflicts.
    func hasOpenConflict(transactionID: String) throws -> Bool {
        try db.cachedStatement(sql: "SELECT 1 FROM transaction_conflicts WHERE txn_id = ? AND resolved_position IS NULL")
            .hasRow { $0.bind(transactionID) }
    }

    /// One cached statement per edit or void; the partial index keeps it a lookup of nothing
    /// on a ledger without open conflicts.
    func resolveConflicts(transactionID: String, at position: Int64) throws {
        try db.cachedStatement(sql: """
            UPDATE transaction_conflicts SET resolved_position = ? WHERE txn_id = ? AND resolved_position IS NULL
            """).execute(arguments: [position, transactionID])
    }
}

// Accounts two devices opened or renamed to one name: Migrations/0011_sync.sql's aliases and conflicts.

extension SQLiteProjectionStore {
    func accountID(resolving id: String) throws -> String {
        if cache.accountAliases == nil {
            cache.accountAliases = Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT alias_id, account_id FROM account_aliases")
                .map { ($0[0] as String, $0[1] as String) })
        }
        return cache.accountAliases?[id] ?? id
    }

    func insertAccountAlias(_ alias: String, for accountID: String, at position: Int64) throws {
        _ = try self.accountID(resolving: alias)
        cache.accountAliases?[alias] = accountID
        try db.execute(sql: "INSERT INTO account_aliases (alias_id, account_id, position) VALUES (?, ?, ?)",
                       arguments: [alias, accountID, position])
    }

    func insertAccountConflict(accountID: String, name: String, keptAccountID: String, at position: Int64) throws {
        try db.execute(sql: "INSERT INTO account_conflicts (position, account_id, name, kept_account_id) VALUES (?, ?, ?, ?)",
                       arguments: [position, accountID, name, keptAccountID])
    }

    func resolveAccountConflict(accountID: String, at position: Int64) throws {
        try db.execute(sql: "UPDATE account_conflicts SET resolved_position = ? WHERE account_id = ? AND resolved_position IS NULL",
                       arguments: [position, accountID])
    }
}
