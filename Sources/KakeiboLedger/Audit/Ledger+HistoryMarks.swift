import KakeiboDomain

extension Ledger {
    /// How `history` shows the events of issue 32: a mark as each posting's status before and
    /// after (`status assets:checking: unmarked -> cleared`), a lock as `locked …: yes`, and an
    /// edit or void forced past a lock as `lock: forced`. Nil for any other event. Keeps
    /// `transaction`'s marks up to date, so the next mark's "before" is right.
    static func statusChanges(_ event: LedgerEvent, transaction: inout LedgerTransaction?,
                              accountName: (String) throws -> String) throws -> [TransactionHistory.Change]? {
        func word(_ status: TransactionStatus?) -> String { status?.name ?? "unmarked" }
        switch event {
        case .postingsMarked(let mark):
            guard var current = transaction else { return [] }
            var changes: [TransactionHistory.Change] = []
            for line in mark.lines where line < current.postings.count {
                let posting = current.postings[line]
                changes.append(.init(field: "status \(try accountName(posting.accountID))",
                                     before: word(posting.status ?? current.status), after: word(mark.status ?? current.status)))
                current.postings[line].status = mark.status
            }
            transaction = current
            return changes
        case .postingsLocked(let lock):
            guard var current = transaction else { return [] }
            var changes: [TransactionHistory.Change] = []
            for line in lock.lines where line < current.postings.count {
                changes.append(.init(field: "locked \(try accountName(current.postings[line].accountID))", before: nil, after: "yes"))
                current.postings[line].isLocked = true
            }
            transaction = current
            return changes
        case .transactionEdited(let edit) where edit.forced:
            return [.init(field: "lock", before: "locked", after: "forced")]
        case .transactionVoided(let void) where void.forced:
            return [.init(field: "lock", before: "locked", after: "forced")]
        default:
            return nil
        }
    }
}
