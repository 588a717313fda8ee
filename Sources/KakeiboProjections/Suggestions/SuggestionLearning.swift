import KakeiboDomain

/// What teaches the category suggester: the one place the rule is written. The live fold, a
/// rebuild and the backfill of an upgraded ledger all call it, so they cannot disagree.
public enum SuggestionLearning {
    /// Expenses teach the category suggester; an edit unlearns the old state and learns the new,
    /// so a corrected category moves the evidence, and a void takes it away. A recorded transaction
    /// (an imported statement row or journal entry) teaches too when exactly one of its postings is
    /// an expense and that posting spends: a split says nothing about a single category.
    ///
    /// A category the suggester applied, and that nobody has changed since, is the suggester's own guess, not a
    /// person's choice: it teaches nothing until an edit gives the expense another category (issue 29, N5: learning
    /// its own auto-filings, the suggester grew surer with every receipt it filed, right or wrong). The check reads
    /// the stored outcome, so the projector saves an edit's outcome before learning the edited state.
    public static func learn(_ transaction: LedgerTransaction, delta: Int64, into store: some ProjectionStore) throws {
        switch transaction.kind {
        case .expense, .general:
            try learn(transaction, delta: delta, into: store, applied: try store.suggestionOutcome(transactionID: transaction.id)?.accountID)
        case .income, .transfer:
            return
        }
    }

    /// The same, when the caller knows which category the suggester applied (`applied`, nil when it applied none):
    /// the projector does as it records a transaction, and saves a lookup per imported row.
    public static func learn(_ transaction: LedgerTransaction, delta: Int64, into store: some ProjectionStore, applied: String?) throws {
        switch transaction.kind {
        case .expense:
            guard let category = transaction.toAccountID, category != applied else { return }
            try store.learnSuggestion(accountID: category, payee: transaction.payee, amount: transaction.amount,
                                      itemWords: try store.receiptItemWords(transactionID: transaction.id), delta: delta)
        case .general:
            var expense: Posting?
            for posting in transaction.postings where try store.account(id: posting.accountID)?.type == .expense {
                guard expense == nil else { return }
                expense = posting
            }
            guard let expense, expense.amount.minorUnits > 0, expense.accountID != applied else { return }
            try store.learnSuggestion(accountID: expense.accountID, payee: transaction.payee, amount: expense.amount, itemWords: [],
                                      delta: delta)
        case .income, .transfer:
            return
        }
    }
}
