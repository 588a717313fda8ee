import GRDB
import KakeiboDomain

extension Ledger {
    /// The posting lines of a live transaction, all of them or those on `account` (by name); an
    /// account the transaction does not post to is refused as unknown to it.
    public func postingLines(of transactionID: String, account: String?) throws -> [Int] {
        try writer.read { db in
            let store = SQLiteProjectionStore(db: db)
            guard let transaction = try store.transaction(id: transactionID) else { throw LedgerError.unknownTransaction(transactionID) }
            guard !transaction.isVoided else { throw LedgerError.transactionVoided(transactionID) }
            guard let account else { return Array(transaction.postings.indices) }
            guard let named = try store.account(named: account) ?? store.account(named: account.composed) else {
                throw LedgerError.unknownAccount(account)
            }
            let lines = transaction.postings.indices.filter { transaction.postings[$0].accountID == named.id }
            guard !lines.isEmpty else { throw LedgerError.nothingToRead(account, didYouMean: nil) }
            return lines
        }
    }
}
