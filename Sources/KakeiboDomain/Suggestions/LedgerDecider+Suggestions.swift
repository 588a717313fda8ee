// Applying the suggester's category to captures and imports that arrive without one. The
// suggestion is read from the state the decider decides against, so it is part of the decision:
// the event stores it, and a replay reads it back instead of guessing again.

extension LedgerDecider {
    /// An expense with no category: the suggested one when confident, else `expenses:unknown`
    /// (opened on first use). The event says which, and with what confidence.
    func captureSuggested(_ input: LedgerCommand.MoneyInput, from: Account) throws -> [LedgerEvent] {
        let amount: Money
        do { amount = try Money.parse(input.amount, currency: input.currency ?? from.currency) } catch { throw LedgerError.money(error) }
        var suggestion = amount.isZero ? nil : try state.categorySuggestion(payee: input.payee, amount: amount)
        // The event must never name a category it did not apply.
        let suggested = try suggestion?.accountID.flatMap { try state.account(id: $0) }
            .flatMap { try? categoryAccount($0.name.rawValue, type: .expense) }
        if suggested == nil { suggestion?.accountID = nil }
        var events: [LedgerEvent] = []
        let to: Account
        if let suggested {
            to = suggested
        } else if let fallback = try state.account(named: input.to) {
            to = try categoryAccount(fallback.name.rawValue, type: .expense)
        } else {
            let name = try AccountName(input.to)
            let id = context.makeID()
            to = Account(id: id, name: name, type: .expense, currency: amount.currency)
            events.append(.accountOpened(.init(accountID: id, name: name, type: .expense, currency: amount.currency)))
        }
        var moved = try moneyMoved(input, from: from, to: to)
        moved.suggestion = suggestion
        events.append(.expenseCaptured(moved))
        return events
    }

    /// Replaces the account of posting `index` by a confident suggestion when that posting is a
    /// positive amount on an expense account; records the suggestion (or abstention) either way.
    func suggestPosting(_ index: Int, of recorded: inout LedgerEvent.TransactionRecorded) throws {
        guard recorded.postings.indices.contains(index) else { return }
        let posting = recorded.postings[index]
        guard posting.amount.minorUnits > 0, try state.account(id: posting.accountID)?.type == .expense else { return }
        guard let suggestion = try state.categorySuggestion(payee: recorded.payee, amount: posting.amount) else { return }
        var applied = suggestion
        if let id = suggestion.accountID {
            if let suggested = try state.account(id: id).flatMap({ try? categoryAccount($0.name.rawValue, type: .expense) }),
               suggested.currency == posting.amount.currency {
                recorded.postings[index].accountID = suggested.id
            } else {
                applied.accountID = nil   // never name a category that was not applied
            }
        }
        recorded.suggestion = applied
    }
}
