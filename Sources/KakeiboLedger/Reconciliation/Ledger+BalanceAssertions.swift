import GRDB
import KakeiboDomain

extension Ledger {
    /// The statement balances recorded, by date then position; one account's when `account` is given.
    public func balanceAssertions(account: AccountName? = nil) throws -> [BalanceAssertion] {
        try writer.read { db in
            let store = SQLiteProjectionStore(db: db)
            guard let account else { return try store.balanceAssertions() }
            guard let id = try store.account(named: account.rawValue)?.id else { return [] }
            return try store.balanceAssertions(accountID: id)
        }
    }
}

extension Ledger {
    /// The balance `reconcile` checks when none is typed: the latest a statement stated for the
    /// account, or on `date` the one recorded last for that day (a restated balance replaces it).
    public func statementBalance(account name: String, on date: LocalDate? = nil) throws -> BalanceAssertion? {
        guard let account = try? AccountName(name) else { return nil }
        let stated = try balanceAssertions(account: account)
        guard let date else { return stated.last }
        return stated.last { $0.date == date }
    }
}
