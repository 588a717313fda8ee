// Marks, locks and the lock's guard on edits and voids (issue 32). Marks and locks are decided
// per transaction, so each is an event of that transaction's stream (`LedgerEvent+PostingStatus`).

extension LedgerDecider {
    /// `PostingsMarked` for the lines whose mark changes; a line already so marked is left out, and
    /// nothing to change is refused, so a mark never adds an event that says nothing.
    func markPostings(_ id: String, lines: [Int], status: TransactionStatus?) throws -> LedgerEvent.PostingsMarked {
        let transaction = try markable(id)
        var changed: [Int] = []
        for line in try checkedLines(lines, of: transaction) where transaction.postings[line].status != status {
            let posting = transaction.postings[line]
            if posting.isLocked { throw PostingStatusError.markOfLocked(transactionID: id, account: try accountName(posting.accountID)) }
            changed.append(line)
        }
        guard !changed.isEmpty else { throw LedgerError.nothingToChange }
        return .init(transactionID: id, lines: changed, status: status)
    }

    /// `PostingsLocked` for the lines not locked yet; each must be cleared, on the posting or by
    /// its transaction's mark (hledger's inheritance).
    func lockPostings(_ id: String, lines: [Int]) throws -> LedgerEvent.PostingsLocked {
        let transaction = try markable(id)
        var changed: [Int] = []
        for line in try checkedLines(lines, of: transaction) where !transaction.postings[line].isLocked {
            let posting = transaction.postings[line]
            guard (posting.status ?? transaction.status) == .cleared else {
                throw PostingStatusError.lockingUncleared(transactionID: id, account: try accountName(posting.accountID))
            }
            changed.append(line)
        }
        guard !changed.isEmpty else { throw LedgerError.nothingToChange }
        return .init(transactionID: id, lines: changed)
    }

    /// Whether an edit is forced past a lock: an edit that leaves every locked posting's account,
    /// amount and date alone (a new category beside a locked bank posting, a payee) needs no force.
    /// One that changes them is refused, unless forced with a reason.
    func checkLocks(editing edit: LedgerEvent.TransactionEdited, force: Bool) throws -> Bool {
        guard let before = try state.transaction(id: edit.transactionID),
              let locked = before.postings.indices.first(where: { before.postings[$0].isLocked }) else { return false }
        let after = try before.applying(edit.changes)
        let touches = after.date != before.date || before.postings.indices.contains { line in
            before.postings[line].isLocked && (line >= after.postings.count
                || after.postings[line].accountID != before.postings[line].accountID
                || after.postings[line].amount != before.postings[line].amount)
        }
        guard touches else { return false }
        return try forced(before, line: locked, force: force, reason: edit.reason)
    }

    /// Whether a void is forced past a lock: a transaction with any locked posting is refused unless forced.
    func checkLocks(voiding transaction: LedgerTransaction, force: Bool, reason: String?) throws -> Bool {
        guard let locked = transaction.postings.indices.first(where: { transaction.postings[$0].isLocked }) else { return false }
        return try forced(transaction, line: locked, force: force, reason: reason)
    }

    private func forced(_ transaction: LedgerTransaction, line: Int, force: Bool, reason: String?) throws -> Bool {
        guard force else {
            throw PostingStatusError.postingLocked(transactionID: transaction.id, account: try accountName(transaction.postings[line].accountID),
                                                   date: transaction.date)
        }
        guard let reason else { throw PostingStatusError.forceNeedsReason }
        try checkText(reason, field: "reason")
        return true
    }

    private func markable(_ id: String) throws -> LedgerTransaction {
        guard let transaction = try state.transaction(id: id) else { throw LedgerError.unknownTransaction(id) }
        guard !transaction.isVoided else { throw LedgerError.transactionVoided(id) }
        return transaction
    }

    /// Lines sorted, without repeats, each one the transaction has.
    private func checkedLines(_ lines: [Int], of transaction: LedgerTransaction) throws -> [Int] {
        let sorted = Array(Set(lines)).sorted()
        guard !sorted.isEmpty else { throw LedgerError.nothingToChange }
        for line in sorted where !transaction.postings.indices.contains(line) {
            throw PostingStatusError.noSuchLine(transactionID: transaction.id, line: line, count: transaction.postings.count)
        }
        return sorted
    }

    private func accountName(_ id: String) throws -> String {
        try state.account(id: state.accountID(resolving: id))?.name.rawValue ?? id
    }
}
