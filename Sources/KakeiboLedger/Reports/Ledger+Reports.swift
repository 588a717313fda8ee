import GRDB
import KakeiboDomain
import KakeiboEventStore
import KakeiboProjections

/// Which state of the ledger a report shows.
public struct ReportScope: Hashable, Sendable {
    /// Only transactions dated on or before this business date.
    public var asOf: LocalDate?
    /// The ledger as it was when the log ended at this position.
    public var atPosition: Int64?

    public init(asOf: LocalDate? = nil, atPosition: Int64? = nil) {
        self.asOf = asOf
        self.atPosition = atPosition
    }
}

extension Ledger {
    /// Every account's balance. Virtual postings count, as in hledger; `real` leaves them out
    /// (hledger's `--real`/`-R`).
    public func balances(_ scope: ReportScope = ReportScope(), real: Bool = false) throws -> BalanceReport {
        try withProjection(at: scope.atPosition) { db in
            let rows: [Row]
            if real {
                rows = try Row.fetchAll(db, sql: """
                    SELECT a.name, a.type, p.currency, SUM(p.amount)
                    FROM postings p JOIN transactions t USING (txn_id) JOIN accounts a USING (account_id)
                    LEFT JOIN virtual_postings v ON v.txn_id = p.txn_id AND v.line = p.line
                    WHERE v.kind IS NULL AND t.date <= ? GROUP BY p.account_id, p.currency
                    """, arguments: [scope.asOf?.description ?? "9999-12-31"])
            } else if let asOf = scope.asOf {
                rows = try Row.fetchAll(db, sql: """
                    SELECT a.name, a.type, p.currency, SUM(p.amount)
                    FROM postings p JOIN transactions t USING (txn_id) JOIN accounts a USING (account_id)
                    WHERE t.date <= ? GROUP BY p.account_id, p.currency
                    """, arguments: [asOf.description])
            } else {
                rows = try Row.fetchAll(db, sql: """
                    SELECT a.name, a.type, b.currency, b.amount FROM balances b JOIN accounts a USING (account_id)
                    """)
            }
            return try BalanceReport(balances: rows.map { row in try Self.accountBalance(row, db) })
        }
    }

    public func register(account name: String? = nil, _ scope: ReportScope = ReportScope()) throws -> RegisterReport {
        try withProjection(at: scope.atPosition) { db in
            var sql = """
                SELECT t.date, t.txn_id, t.first_position, p.line, COALESCE(t.payee, t.memo), a.name, p.currency, p.amount
                FROM postings p JOIN transactions t USING (txn_id) JOIN accounts a USING (account_id) WHERE 1
                """
            var arguments: StatementArguments = []
            if let name {
                // Children sort between "name:" and "name;" (';' follows ':'); case-sensitive, unlike LIKE.
                let subtree = "(name = ? OR (name > ? AND name < ?))"
                let subtreeArguments: StatementArguments = [name, name + ":", name + ";"]
                guard try Int.fetchOne(db, sql: "SELECT 1 FROM accounts WHERE \(subtree)", arguments: subtreeArguments) != nil else {
                    // A read: point at what exists (a category by its short name), never at opening an account.
                    let guess = try ["expenses:" + name, "income:" + name].first { full in
                        try Int.fetchOne(db, sql: "SELECT 1 FROM accounts WHERE \(subtree)", arguments: [full, full + ":", full + ";"]) != nil
                    }
                    throw LedgerError.nothingToRead(name, didYouMean: guess)
                }
                sql += " AND (a.name = ? OR (a.name > ? AND a.name < ?))"
                arguments += subtreeArguments
            }
            if let asOf = scope.asOf {
                sql += " AND t.date <= ?"
                arguments += [asOf.description]
            }
            let postings = try Row.fetchAll(db, sql: sql, arguments: arguments).map { row in
                RegisterReport.Posted(date: try LocalDate(iso: row[0]), transactionID: row[1], firstPosition: row[2], line: row[3],
                                      payee: row[4], account: try AccountName(row[5]),
                                      amount: Money(minorUnits: try row.minorUnits(atIndex: 7, table: "postings"), currency: try db.commodityForCode(row[6])))
            }
            return try RegisterReport(postings: postings)
        }
    }

    public func accounts(_ scope: ReportScope = ReportScope()) throws -> [AccountListing] {
        try withProjection(at: scope.atPosition) { db in
            let store = SQLiteProjectionStore(db: db)
            return try store.allAccounts().map { account in
                AccountListing(account: account, category: try store.category(accountID: account.id),
                               balances: try store.balances(accountID: account.id))
            }
        }
    }

    /// Runs `body` on the live projection, or on one replayed into memory up to `position`.
    func withProjection<T>(at position: Int64?, _ body: (Database) throws -> T) throws -> T {
        guard let position else { return try writer.read(body) }
        let scratch = try LedgerDatabase.inMemory()
        try writer.read { source in
            let last = try EventLog.head(in: source).position
            guard position <= last else { throw LedgerError.positionBeyondLog(position, last: last) }
            try scratch.write { target in
                try ProjectionRebuilder.rebuild(from: source, into: target, through: position)
            }
        }
        return try scratch.read(body)
    }

    static func accountBalance(_ row: Row, _ db: Database) throws -> AccountBalance {
        guard let type = AccountType(rawValue: row[1]) else {
            throw LedgerError.malformedEvent(type: "account", reason: "unknown account type in projection")
        }
        return AccountBalance(account: try AccountName(row[0]), type: type,
                              amount: Money(minorUnits: try row.minorUnits(atIndex: 3, table: "balances"), currency: try db.commodityForCode(row[2])))
    }
}
