import GRDB
import KakeiboDomain

// Posting marks and locks in `posting_marks` (Migrations/0017, issue 32): a row only for a posting
// that has one, written with its postings and read back with them, so an edit or a later mark
// keeps the others.
extension SQLiteProjectionStore {
    func insertPostingMarks(of transaction: LedgerTransaction) throws {
        for (line, posting) in transaction.postings.enumerated() where posting.status != nil || posting.isLocked {
            try db.cachedStatement(sql: "INSERT INTO posting_marks (txn_id, line, status, locked) VALUES (?, ?, ?, ?)")
                .execute(arguments: [transaction.id, line, posting.status?.rawValue, posting.isLocked])
        }
    }

    func readPostingMarks(of id: String, into postings: inout [Posting]) throws {
        let rows = try Row.fetchCursor(db.cachedStatement(sql: "SELECT line, status, locked FROM posting_marks WHERE txn_id = ?"),
                                       arguments: [id])
        while let row = try rows.next() {
            let line: Int = row[0]
            guard postings.indices.contains(line) else { continue }
            postings[line].status = (row[1] as String?).flatMap(TransactionStatus.init(rawValue:))
            postings[line].isLocked = row[2]
        }
    }

    /// The transaction's own `*`/`!` and code (`transaction_marks`), which its postings inherit.
    func readTransactionMark(into transaction: inout LedgerTransaction) throws {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT status, code FROM transaction_marks WHERE txn_id = ?"),
                                         arguments: [transaction.id]) else { return }
        transaction.status = (row[0] as String?).flatMap(TransactionStatus.init(rawValue:))
        transaction.code = row[1]
    }

    func deletePostingMarks(of id: String) throws {
        try db.cachedStatement(sql: "DELETE FROM posting_marks WHERE txn_id = ?").execute(arguments: [id])
    }
}
