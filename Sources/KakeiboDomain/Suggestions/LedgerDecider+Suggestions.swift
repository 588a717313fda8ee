// Applying the suggester's category to captures and imports that arrive without one. The
// suggestion is read from the state the decider decides against, so it is part of the decision:
// the event stores it, and a replay reads it back instead of guessing again.

extension LedgerDecider {
    /// Where an uncategorised amount is filed, and the suggestion (or abstention) the event records.
    struct FiledAmount {
        var account: Account
        var suggestion: AppliedSuggestion?
        /// `AccountOpened` for the fallback, the first time it is used.
        var opened: [LedgerEvent]
    }

    /// The one rule for an expense with no category: the suggested category when the suggester is
    /// confident and that category can take `amount`, else `fallback` (`expenses:unknown`), opened
    /// on first use. Captures and receipt imports both file through it.
    func fileUncategorised(_ amount: Money, payee: String?, itemWords: [String] = [], fallback: String) throws -> FiledAmount {
        let (suggested, suggestion) = amount.isZero ? (nil, nil) : try confidentCategory(payee: payee, amount: amount, itemWords: itemWords)
        if let suggested { return FiledAmount(account: suggested, suggestion: suggestion, opened: []) }
        if let existing = try account(named: fallback) {
            return FiledAmount(account: try categoryAccount(existing.name.rawValue, type: .expense), suggestion: suggestion, opened: [])
        }
        let name = try AccountName(fallback)
        let account = Account(id: context.makeID(), name: name, type: .expense, currency: amount.currency)
        return FiledAmount(account: account, suggestion: suggestion,
                           opened: [.accountOpened(.init(accountID: account.id, name: name, type: .expense, currency: amount.currency))])
    }

    /// The suggester's answer for `amount` and the category account it names, when that is an expense
    /// category that can take `amount`; otherwise no account, and the suggestion's account cleared,
    /// because an event must never name a category it did not apply. Nil, nil: no suggester.
    func confidentCategory(payee: String?, amount: Money, itemWords: [String] = []) throws -> (Account?, AppliedSuggestion?) {
        guard var suggestion = try state.categorySuggestion(payee: payee, amount: amount, itemWords: itemWords) else { return (nil, nil) }
        let account = try suggestion.accountID.flatMap { try state.account(id: $0) }
            .flatMap { try? categoryAccount($0.name.rawValue, type: .expense) }
            .flatMap { $0.currency == amount.currency ? $0 : nil }
        if account == nil { suggestion.accountID = nil }
        return (account, suggestion)
    }

    /// An expense with no category, filed by `fileUncategorised`; `input.to` is the fallback.
    func captureSuggested(_ input: LedgerCommand.MoneyInput, from: Account) throws -> [LedgerEvent] {
        let amount: Money
        let currency = try stored(input.currency ?? from.currency)
        do { amount = try Money.parse(input.amount, currency: currency) } catch { throw LedgerError.money(error) }
        let filed = try fileUncategorised(amount, payee: input.payee, fallback: input.to)
        var moved = try moneyMoved(input, from: from, to: filed.account)
        moved.suggestion = filed.suggestion
        return filed.opened + [.expenseCaptured(moved)]
    }

    /// Replaces the account of posting `index` by a confident suggestion when that posting is a
    /// positive amount on an expense account; records the suggestion (or abstention) either way.
    func suggestPosting(_ index: Int, of recorded: inout LedgerEvent.TransactionRecorded) throws {
        guard recorded.postings.indices.contains(index) else { return }
        let posting = recorded.postings[index]
        guard posting.amount.minorUnits > 0, try state.account(id: posting.accountID)?.type == .expense else { return }
        let (suggested, suggestion) = try confidentCategory(payee: recorded.payee, amount: posting.amount)
        guard let suggestion else { return }
        if let suggested { recorded.postings[index].accountID = suggested.id }
        recorded.suggestion = suggestion
    }
}
