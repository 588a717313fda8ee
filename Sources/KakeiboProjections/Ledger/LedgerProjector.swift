import KakeiboDomain

/// Folds events into accounts, categories, transactions, postings, balances, budget definitions
/// and income goals.
///
/// Callers record the checkpoint once after a run of events (a command, a rebuild), not per
/// event: a rebuild of a million events would otherwise spend a million writes on it.
public enum LedgerProjector {
    /// The name under which the fold's checkpoint is stored.
    public static let name = "ledger"

    public static func apply(_ envelope: EventEnvelope, to store: some ProjectionStore) throws {
        try apply(try envelope.event(), at: envelope.position, recordedAt: envelope.recordedAt, to: store)
    }

    /// Folds one event, after `EventAdmission` has admitted it against the store: an event that
    /// would unbalance the books (a posting on an account never opened) or break a sum changes
    /// nothing and throws `LedgerError.inadmissible`, whichever path met it (a command, catch-up,
    /// a rebuild, a device's pull, the server's replica). Its cost, on a 100k-event ledger from a
    /// generated journal (`kakeibo replay`, release, five interleaved pairs): 1.59-1.69 s of CPU
    /// without the check, 1.65-1.76 s with it (about 4 %; wall time within the machine's noise).
    public static func apply(_ event: LedgerEvent, at position: Int64, recordedAt: Int64, to store: some ProjectionStore) throws {
        try EventAdmission.check(event, against: store)
        switch event {
        case .ledgerCreated(let e):
            try store.saveSettings(LedgerSettings(name: e.name, baseCurrency: e.baseCurrency, timeZone: e.timeZone),
                                   createdAt: recordedAt)
        case .accountOpened(let e):
            var account = Account(id: e.accountID, name: e.name, type: e.type, currency: e.currency)
            account.holdsAnyCommodity = e.holdsAnyCommodity
            if let existing = try store.account(named: e.name.rawValue), existing.id != e.accountID {
                // Two devices opened this name offline; the server sequenced the other first.
                if existing.type == e.type && existing.currency == e.currency && existing.holdsAnyCommodity == e.holdsAnyCommodity {
                    try store.insertAccountAlias(e.accountID, for: existing.id, at: position)
                    return
                }
                account.name = try AccountName("\(e.name.rawValue) [\(e.accountID.suffix(8))]")
                try store.insertAccountConflict(accountID: e.accountID, name: e.name.rawValue, keptAccountID: existing.id, at: position)
            }
            try store.insertAccount(account, openedAt: position)
        case .accountRenamed(let e):
            var account = try existingAccount(try store.accountID(resolving: e.accountID), store)
            // Decided against a name the account no longer has: another device renamed it while apart, and the
            // server sequenced that rename first. The later rename stands, but the name it overrides is listed
            // as a conflict until someone renames the account again (before, the earlier rename was lost unsaid).
            // A name marked by an open conflict (`name [id]`) is still the name the author saw.
            let overridden = account.name != e.from && account.name.rawValue != "\(e.from.rawValue) [\(account.id.suffix(8))]"
                ? account.name : nil
            account.name = e.to
            // Renaming settles a name conflict the account was in.
            try store.resolveAccountConflict(accountID: account.id, at: position)
            if let holder = try store.account(named: e.to.rawValue), holder.id != account.id {
                // Two devices gave this name to different accounts offline (a device refuses a name
                // in use): the account the server sequenced second keeps its money under a marked
                // name and is listed, as for two opens, until someone renames it. Its fold used to
                // fail on the unique name, and no device could sync past it.
                account.name = try AccountName("\(e.to.rawValue) [\(account.id.suffix(8))]")
                try store.insertAccountConflict(accountID: account.id, name: e.to.rawValue, keptAccountID: holder.id, at: position)
            } else if let overridden {
                try store.insertAccountConflict(accountID: account.id, name: overridden.rawValue, keptAccountID: account.id, at: position)
            }
            try store.renameAccount(account, at: position)
        case .accountRetyped(let e):
            var account = try existingAccount(try store.accountID(resolving: e.accountID), store)
            account.type = e.to
            try store.updateAccount(account)
        case .accountClosed(let e):
            var account = try existingAccount(try store.accountID(resolving: e.accountID), store)
            account.isClosed = true
            try store.updateAccount(account)
        case .categoryDefined(let e):
            let id = try store.accountID(resolving: e.accountID)
            // A merged category keeps the look it was first given.
            if id != e.accountID, try store.category(accountID: id) != nil { return }
            try store.saveCategory(Category(accountID: id, displayName: e.displayName, hue: e.hue, icon: e.icon))
        case .categoryRenamed(let e):
            var category = try existingCategory(try store.accountID(resolving: e.accountID), store)
            category.displayName = e.to
            try store.saveCategory(category)
        case .categoryArchived(let e):
            var category = try existingCategory(try store.accountID(resolving: e.accountID), store)
            category.isArchived = true
            try store.saveCategory(category)
        case .expenseCaptured, .incomeRecorded, .transferMade, .transactionRecorded:
            guard let recorded = try LedgerTransaction(recordedBy: event) else { return }
            let transaction = try atStoredPrecision(try resolvingAliases(recorded, store), store)
            try store.insertTransaction(transaction, at: position)
            try post(transaction.postings, sign: 1, to: store)
            try LotFold.apply(transaction, at: position, to: store)
            if case .expenseCaptured(let e) = event, let receiptID = e.receiptID {
                try store.attachReceiptItemWords(receiptID: receiptID, transactionID: transaction.id)
            }
            // Learning skips a category the suggester applied (`SuggestionLearning`).
            let applied = try event.suggestion?.accountID.map { try store.accountID(resolving: $0) }
            try SuggestionLearning.learn(transaction, delta: 1, into: store, applied: applied)
            if let suggestion = event.suggestion {
                try store.insertSuggestionOutcome(SuggestionOutcome(
                    transactionID: transaction.id, accountID: applied,
                    confidenceBasisPoints: suggestion.confidenceBasisPoints, recordedAt: recordedAt, position: position))
            }
        case .transactionEdited(let e):
            let before = try existingTransaction(e.transactionID, store)
            let after = try resolvingAliases(try before.applying(e.changes), store)
            try post(before.postings, sign: -1, to: store)
            try post(after.postings, sign: 1, to: store)
            try store.updateTransaction(after, at: position)
            try SuggestionLearning.learn(before, delta: -1, into: store)
            try store.resolveConflicts(transactionID: e.transactionID, at: position)
            if var outcome = try store.suggestionOutcome(transactionID: e.transactionID) {
                let previous = outcome
                outcome.apply(editedAt: recordedAt, before: before, after: after)
                if outcome != previous { try store.updateSuggestionOutcome(outcome) }
            }
            try SuggestionLearning.learn(after, delta: 1, into: store)
        case .transactionVoided(let e):
            var transaction = try existingTransaction(e.transactionID, store)
            if transaction.isVoided {
                // Two devices voided it while apart, and the server keeps both facts in the log:
                // the money left the books with the first void, so the second moves none (the
                // fold used to reverse the postings again, and the expense read as a refund).
                transaction.version += 1
                try store.updateTransaction(transaction, at: position)
                try store.resolveConflicts(transactionID: e.transactionID, at: position)
                return
            }
            try post(transaction.postings, sign: -1, to: store)
            try SuggestionLearning.learn(transaction, delta: -1, into: store)
            transaction.isVoided = true
            transaction.version += 1
            try store.updateTransaction(transaction, at: position)
            try store.resolveConflicts(transactionID: e.transactionID, at: position)
            if var outcome = try store.suggestionOutcome(transactionID: e.transactionID) {
                outcome.isVoided = true
                try store.updateSuggestionOutcome(outcome)
            }
        case .budgetSet(let e):
            try store.insertBudgetDefinition(BudgetDefinition(
                accountID: try store.accountID(resolving: e.accountID), position: position, effectiveFrom: e.effectiveFrom,
                budget: .init(length: e.length, amount: e.amount, rollover: e.rollover)))
        case .budgetCleared(let e):
            try store.insertBudgetDefinition(BudgetDefinition(accountID: try store.accountID(resolving: e.accountID), position: position,
                                                              effectiveFrom: e.effectiveFrom, budget: nil))
        case .incomeGoalSet(let e):
            try store.insertIncomeGoal(IncomeGoal(position: position, length: e.length, amount: e.amount,
                                                  effectiveFrom: e.effectiveFrom))
        case .receiptScanned(let e):
            // The expense that follows carries the money; its item words teach the suggester.
            let words = SuggestionFeatures.itemTokens(e.items.map(\.text))
            if !words.isEmpty { try store.saveReceiptItemWords(words, receiptID: e.receiptID) }
        case .commodityDeclared(let e):
            if !e.commodity.isISO, let known = try store.commodity(symbol: e.commodity.code) {
                // Declared again by another device (the same journal imported on two devices while
                // apart; a device never declares a symbol it knows): one commodity, and the first
                // declaration's style stands. Declared with more decimals, the commodity grows to them
                // and what it holds is counted again (exact); with fewer, the amounts recorded under that
                // declaration are stored at the larger precision as they fold (`atStoredPrecision`).
                // Either order of the two declarations ends at the same precision and the same counts.
                if e.commodity.minorDigits > known.minorDigits {
                    try store.growPrecision(.init(code: e.commodity.code, from: known.minorDigits, to: e.commodity.minorDigits))
                }
                break
            }
            try store.saveCommodity(e.commodity, display: e.display)
        case .accountBookingSet(let e):
            try store.saveBooking(e.booking, accountID: try store.accountID(resolving: e.accountID))
        case .forecastRuleSet:
            // Read from the log by `forecast` (Ledger.forecastRules): no table to keep.
            break
        case .priceRecorded(let e):
            try store.savePrice(MarketPrice(date: e.date, commodity: e.commodity, quote: e.quote, value: e.value), at: position)
        case .priceRetracted(let e):
            try store.retractPrice(e, at: position)
        case .postingsMarked(let e):
            try mark(e, at: position, in: store)
        case .postingsLocked(let e):
            try lock(e, at: position, in: store)
        case .commodityPrecisionGrown(let e):
            try store.growPrecision(e)
        case .balanceAsserted(let e):
            var resolved = e
            resolved.accountID = try store.accountID(resolving: e.accountID)
            try store.saveBalanceAssertion(resolved, at: position)
        case .transactionConflicted(let e):
            // Open until a later edit or void of the transaction (by position): the same on every device and replay.
            try store.insertConflict(e, at: position)
        }
    }

    /// The transaction with each posting on the account its id stands for (see `accountID(resolving:)`).
    private static func resolvingAliases(_ transaction: LedgerTransaction, _ store: some ProjectionStore) throws -> LedgerTransaction {
        var resolved = transaction
        for index in resolved.postings.indices {
            resolved.postings[index].accountID = try store.accountID(resolving: resolved.postings[index].accountID)
        }
        return resolved
    }

    private static func post(_ postings: [Posting], sign: Int64, to store: some ProjectionStore) throws {
        for posting in postings {
            try store.addToBalance(accountID: posting.accountID, sign == 1 ? posting.amount : posting.amount.negated())
        }
    }

    private static func existingAccount(_ id: String, _ store: some ProjectionStore) throws -> Account {
        guard let account = try store.account(id: id) else {
            throw LedgerError.malformedEvent(type: "account event", reason: "account \(id) was never opened")
        }
        return account
    }

    private static func existingCategory(_ id: String, _ store: some ProjectionStore) throws -> Category {
        guard let category = try store.category(accountID: id) else {
            throw LedgerError.malformedEvent(type: "category event", reason: "category \(id) was never defined")
        }
        return category
    }

    static func existingTransaction(_ id: String, _ store: some ProjectionStore) throws -> LedgerTransaction {
        guard let transaction = try store.transaction(id: id) else {
            throw LedgerError.malformedEvent(type: "transaction event", reason: "transaction \(id) was never recorded")
        }
        return transaction
    }
}
