import KakeiboDomain

// How `PostingsMarked` and `PostingsLocked` fold (issue 32). Both are events of the transaction's
// stream, so each moves its version on; the marks themselves ride on the postings and the store
// keeps them (`posting_marks`). No money moves.
extension LedgerProjector {
    static func mark(_ event: LedgerEvent.PostingsMarked, at position: Int64, in store: some ProjectionStore) throws {
        try update(event.transactionID, lines: event.lines, at: position, in: store) { $0.status = event.status }
    }

    static func lock(_ event: LedgerEvent.PostingsLocked, at position: Int64, in store: some ProjectionStore) throws {
        try update(event.transactionID, lines: event.lines, at: position, in: store) { $0.isLocked = true }
    }

    /// A voided transaction, or a line a concurrent edit took away, only moves the version on:
    /// every device folds the same log to the same marks (`EventAdmission` admits both).
    private static func update(_ id: String, lines: [Int], at position: Int64, in store: some ProjectionStore,
                               _ change: (inout Posting) -> Void) throws {
        var transaction = try existingTransaction(id, store)
        if !transaction.isVoided {
            for line in lines where line < transaction.postings.count { change(&transaction.postings[line]) }
        }
        transaction.version += 1
        try store.updateTransaction(transaction, at: position)
    }
}
