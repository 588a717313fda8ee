import GRDB
import KakeiboDomain
import KakeiboProjections

extension WidgetSnapshotBuilder {
    /// Asset and liability balances on the as-of date, and net worth per currency.
    func accounts() throws -> AccountsWidget {
        // Today's balances minus what is dated after the as-of date: the work grows with the
        // postings after it (usually none), not with the whole history. CROSS JOIN keeps SQLite
        // on the date index instead of scanning every posting of the asset accounts.
        let rows = try Row.fetchAll(db, sql: """
            SELECT name, type, currency, SUM(amount) FROM (
                SELECT a.name, a.type, b.currency, b.amount
                FROM balances b JOIN accounts a USING (account_id) WHERE a.type IN ('asset', 'liability')
                UNION ALL
                SELECT a.name, a.type, p.currency, -p.amount
                FROM transactions t CROSS JOIN postings p ON p.txn_id = t.txn_id JOIN accounts a ON a.account_id = p.account_id
                WHERE t.date > ? AND a.type IN ('asset', 'liability'))
            GROUP BY name, currency HAVING SUM(amount) != 0
            """, arguments: [asOf.description])
        var balances: [(name: AccountName, type: String, amount: Money)] = []
        for row in rows {
            balances.append((try AccountName(row[0]), row[1], Money(minorUnits: try row.minorUnits(atIndex: 3, table: "balances"),
                                                                        currency: try db.commodityForCode(row[2]))))
        }
        balances.sort { $0.name != $1.name ? $0.name < $1.name : $0.amount.currency < $1.amount.currency }
        var netWorth: [Currency: (assets: Int64, liabilities: Int64)] = [:]
        for balance in balances {
            var entry = netWorth[balance.amount.currency] ?? (0, 0)
            if balance.type == "asset" { entry.assets &+= balance.amount.minorUnits } else { entry.liabilities &+= balance.amount.minorUnits }
            netWorth[balance.amount.currency] = entry
        }
        return AccountsWidget(
            accounts: balances.map { balance in
                .init(account: balance.name.rawValue, type: balance.type, amount: balance.amount.decimalString,
                      currency: balance.amount.currency.code)
            },
            netWorth: netWorth.keys.sorted().map { currency in
                let entry = netWorth[currency]!
                return .init(currency: currency.code, assets: amount(entry.assets, currency), liabilities: amount(entry.liabilities, currency),
                             amount: amount(entry.assets &+ entry.liabilities, currency))
            },
            netWorthValued: try valuedNetWorth(balances.map(\.amount)))
    }
}
