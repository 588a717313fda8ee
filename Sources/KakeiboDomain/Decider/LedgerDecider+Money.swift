// Money: amounts read in an account's currency, moves between two accounts, and general postings resolved and balanced.

extension LedgerDecider {
    func parseAmount(_ text: String, currency: Currency) throws -> Money {
        let amount: Money
        do { amount = try Money.parse(text, currency: currency) } catch { throw LedgerError.money(error) }
        guard !amount.isZero else { throw LedgerError.zeroAmount }
        try checkUnambiguous(text, amount)
        return amount
    }

    /// `10.000` typed for a 2-decimal currency is ten to Kakeibo and ten thousand to a reader who
    /// groups thousands with "."; `1.234` is already refused, so refuse its look-alike with zeros.
    /// (Importers pass amounts in the currency's own digits, so this only meets typed text.)
    func checkUnambiguous(_ text: String, _ amount: Money) throws {
        guard amount.currency.minorDigits < 3, !text.contains(",") else { return }
        var trimmed = Substring(text)
        while trimmed.first == " " { trimmed.removeFirst() }
        while trimmed.last == " " { trimmed.removeLast() }
        // `limitedBy:` — "1.5" has fewer than four characters, and an unlimited offset traps (issue 29, N1).
        guard let point = trimmed.lastIndex(of: "."),
              point == trimmed.index(trimmed.endIndex, offsetBy: -4, limitedBy: trimmed.startIndex) else { return }
        var grouped = trimmed.filter { $0 != "." && $0 != "+" && $0 != "-" }.drop { $0 == "0" }
        if grouped.isEmpty { grouped = "0" }
        let sign = amount.minorUnits < 0 ? "-" : ""
        throw LedgerError.money(.invalidAmount(text, reason: "three decimals are ambiguous: this reads as \(amount.decimalString), "
                                               + "but as \(sign)\(grouped) where \".\" groups thousands; write \(amount.decimalString) "
                                               + "or \(sign)\(grouped)"))
    }

    /// Asset and liability accounts hold the commodity they were opened with, as a bank account
    /// does; income, expense and equity accounts take any (a trip abroad spends two on food).
    func checkCurrency(_ amount: Money, _ account: Account) throws {
        guard account.accepts(amount.currency) else {
            throw LedgerError.currencyMismatch(account: account.name.rawValue, accountCurrency: account.currency.code,
                                               amountCurrency: amount.currency.code)
        }
    }

    func moneyMoved(_ input: LedgerCommand.MoneyInput, from: Account, to: Account) throws -> LedgerEvent.MoneyMoved {
        let amount = try parseAmount(input.amount, currency: try stored(input.currency ?? from.currency))
        try checkCurrency(amount, from)
        try checkCurrency(amount, to)
        try checkOptionalText(input.payee, field: "payee")
        try checkOptionalText(input.memo, field: "memo")
        _ = try LedgerTransaction.simplePostings(amount: amount, from: from.id, to: to.id) // negation must not overflow
        // A date every report can show: budgets, goals, forecasts and widgets cover these years only.
        if let date = input.date { try PlanPeriod.check(date) }
        return .init(transactionID: context.makeID(), date: input.date ?? context.today, amount: amount,
                     fromAccountID: from.id, toAccountID: to.id, payee: input.payee, memo: input.memo)
    }

    /// Resolves accounts, parses amounts, fills the one elided amount and checks the balance.
    /// A priced posting (`@`, `@@`) brings two generated conversion postings, and the events
    /// opening their accounts when this is the first conversion between its two commodities.
    /// No postings at all is a dated note (hledger keeps such transactions): it moves no money.
    func resolvePostings(_ inputs: [LedgerCommand.PostingInput]) throws -> ([Posting], [LedgerEvent]) {
        if inputs.isEmpty { return ([], []) }
        // A lone `(account)` posting is a whole transaction in hledger: it balances with nothing.
        guard inputs.count >= 2 || inputs.allSatisfy({ $0.virtual == .unbalanced }) else { throw LedgerError.tooFewPostings }
        let accounts = try inputs.map { try openAccount(named: $0.account) }
        let elided = inputs.indices.filter { inputs[$0].amount == nil }
        guard elided.count <= 1 else {
            throw LedgerError.unbalanced("only one posting may leave its amount out, \(elided.count) do")
        }
        var postings: [Posting?] = []
        var book = LotBook()
        for (input, account) in zip(inputs, accounts) {
            try checkOptionalText(input.memo, field: "posting memo")
            guard let text = input.amount else { postings.append(nil); continue }
            // A zero beside a priced posting is where a cost that weighs nothing comes from
            // (`5 EUR @@ $0` from `assets:b $0`, issue 29 N4): kept, so the priced one is too.
            let currency = try stored(input.currency ?? account.currency)
            let zeroBesideCost = input.cost == nil && inputs.contains { $0.cost != nil }
                && (try? Money.parse(text, currency: currency))?.isZero == true
            let amount = zeroBesideCost ? Money.zero(currency) : try parseAmount(text, currency: currency)
            try checkCurrency(amount, account)
            let cost = try input.cost.map { cost throws in try postingCost(cost, for: amount) }
            var posting = Posting(accountID: account.id, amount: amount, memo: input.memo, cost: cost)
            posting.virtual = input.virtual
            posting.status = input.status
            if let written = input.accountAsWritten {
                try checkText(written, field: "account as written")
                posting.accountAsWritten = written
            }
            try bookLot(&posting, input: input, account: account, book: &book)
            postings.append(posting)
        }
        // A conversion inside one account (`-20 EUR @ 7.53 HRK` and `150.60 HRK` on assets:cash)
        // moves money through the generated conversion accounts.
        guard Set(accounts.map(\.id)).count > 1 || inputs.contains(where: { $0.virtual != nil || $0.cost != nil }) else {
            throw LedgerError.sameAccount(accounts[0].name.rawValue)
        }
        if let index = elided.first, inputs[index].virtual != nil {
            throw LedgerError.unbalanced("a virtual posting must give its amount")
        }
        var opened: [LedgerEvent] = []
        var conversions: [Posting] = []
        for posting in postings.compactMap({ $0 }) where posting.cost != nil {
            conversions += try conversionPostings(for: posting, opening: &opened)
        }
        conversions += try gainPostings(postings.compactMap { $0 }, conversions: conversions, hasElided: !elided.isEmpty, opening: &opened)
        let known = postings.compactMap { $0 } + conversions
        let imbalances: [Money]
        do { imbalances = try known.imbalances() } catch { throw LedgerError.money(error) }
        if let index = elided.first {
            guard imbalances.count == 1, let rest = imbalances.first else {
                throw LedgerError.unbalanced("the left-out amount would need \(imbalances.isEmpty ? "to be zero" : "several currencies")")
            }
            let filler: Money
            do { filler = try rest.negated() } catch { throw LedgerError.money(error) }
            try checkCurrency(filler, accounts[index])
            postings[index] = Posting(accountID: accounts[index].id, amount: filler, memo: inputs[index].memo)
            postings[index]?.status = inputs[index].status
        } else if !imbalances.isEmpty {
            throw LedgerError.unbalanced(imbalances.map { "\($0.currency.code) off by \($0.decimalString)" }.joined(separator: ", ")
                                         + (imbalances.count > 1 ? "; write the rate with @ or @@ to convert between them" : ""))
        }
        return (try sharingGains(postings.map { $0! } + conversions), opened)
    }
}
