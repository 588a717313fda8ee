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
