import KakeiboDomain

/// What teaches the category suggester: the one place the rule is written. The live fold, a
/// rebuild and the backfill of an upgraded ledger all call it, so they cannot disagree.
public enum SuggestionLearning {
    /// Expenses teach the category suggester; an edit unlearns the old state and learns the new,
    /// so a corrected category moves the evidence, and a void takes it away. A recorded transaction
    /// (an imported statement row or journal entry) teaches too when exactly one of its postings is
    /// an expense and that posting spends: a split says nothing about a single category.
    public static func learn(_ transaction: LedgerTransaction, delta: Int64, into store: some ProjectionStore) throws {
        switch transaction.kind {
        case .expense:
            guard let category = transaction.toAccountID else { return }
            try store.learnSuggestion(accountID: category, payee: transaction.payee, amount: transaction.amount,
                                      itemWords: try store.receiptItemWords(transactionID: transaction.id), delta: delta)
        case .general:
            var expense: Posting?
            for posting in transaction.postings where try store.account(id: posting.accountID)?.type == .expense {
                guard expense == nil else { return }
                expense = posting
            }
            guard let expense, expense.amount.minorUnits > 0 else { return }
            try store.learnSuggestion(accountID: expense.accountID, payee: transaction.payee, amount: expense.amount, itemWords: [],
                                      delta: delta)
        case .income, .transfer:
            return
        }
    }
}
