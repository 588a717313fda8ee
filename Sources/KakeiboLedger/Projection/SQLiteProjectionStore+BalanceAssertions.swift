import GRDB
import KakeiboDomain

// Statement balances in the table of Migrations/0020_balance_assertions.sql (issue 32).

extension SQLiteProjectionStore {
    func saveBalanceAssertion(_ assertion: LedgerEvent.BalanceAsserted, at position: Int64) throws {
        try db.cachedStatement(sql: """
            INSERT INTO balance_assertions (account_id, position, date, amount, currency, statement) VALUES (?, ?, ?, ?, ?, ?)
            """).execute(arguments: [assertion.accountID, position, assertion.date.description, assertion.amount.minorUnits,
                                     assertion.amount.currency.code, assertion.statement])
    }

    /// Every assertion, or one account's, by date then position (a restated day: the later one last).
    func balanceAssertions(accountID: String? = nil) throws -> [BalanceAssertion] {
        let rows = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT a.name, b.date, b.amount, b.currency, b.statement, b.position
            FROM balance_assertions b JOIN accounts a ON a.account_id = b.account_id
            WHERE ? IS NULL OR b.account_id = ? ORDER BY b.date, b.position
            """), arguments: [accountID, accountID])
        return try rows.map { row in
            let code: String = row[3]
            guard let commodity = try commodity(symbol: code) else {
                throw LedgerError.unreadableProjection(table: "balance_assertions", column: "currency")
            }
            guard let name = try? AccountName(row[0] as String), let date = try? LocalDate(iso: row[1] as String) else {
                throw LedgerError.unreadableProjection(table: "balance_assertions", column: "date")
            }
            return BalanceAssertion(account: name, date: date, amount: Money(minorUnits: row[2], currency: commodity),
                                    statement: row[4], position: row[5])
        }
    }
}
