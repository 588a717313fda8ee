// Commodities, prices and conversions: what the decider adds for money in several currencies.

extension LedgerDecider {
    /// Once per symbol (the importer skips those already declared): a second declaration is
    /// refused, and with another precision it would change what every stored minor unit means.
    ///
    /// An ISO currency may be declared only for its display style (`commodity $1,000.00`): its
    /// precision stays the table's, and a later declaration replaces the style.
    ///
    /// A declaration with more decimals than the commodity is stored with grows its precision
    /// (`LedgerDecider+Precision`); an ISO currency's style comes with it when one is given.
    func declareCommodity(_ commodity: Commodity, display: String?) throws -> [LedgerEvent] {
        if let growth = try precisionGrowth(commodity) {
            guard let display, let table = commodity.tableDigits else { return [growth] }
            try checkText(display, field: "commodity display")
            return [growth, .commodityDeclared(.init(commodity: commodity.storedAt(table), display: display))]
        }
        if commodity.isISO {
            guard let display else {
                throw LedgerError.invalidCommodity(commodity.code, reason: "it is an ISO currency, whose precision is fixed")
            }
            try checkText(display, field: "commodity display")
            return [.commodityDeclared(.init(commodity: commodity, display: display))]
        }
        if let known = try state.commodity(symbol: commodity.code) {
            throw LedgerError.invalidCommodity(commodity.code, reason: known.minorDigits == commodity.minorDigits
                ? "it is already declared with \(known.minorDigits) decimals"
                : "it was declared with \(known.minorDigits) decimals; amounts already stored depend on that")
        }
        if let display { try checkText(display, field: "commodity display") }
        return [.commodityDeclared(.init(commodity: commodity, display: display))]
    }

    func recordPrice(_ input: LedgerCommand.PriceInput) throws -> LedgerEvent.PriceRecorded {
        guard input.commodity != input.quote else {
            throw LedgerError.invalidCommodity(input.commodity.code, reason: "a price must be quoted in another commodity")
        }
        let value: ExactDecimal
        do { value = try ExactDecimal(parsing: input.value) } catch { throw LedgerError.money(error) }
        guard value.mantissa > 0 else {
            throw LedgerError.money(.invalidAmount(input.value, reason: "a price must be above zero"))
        }
        if let date = input.date { try PlanPeriod.check(date) }
        return .init(date: input.date ?? context.today, commodity: input.commodity, value: value, quote: input.quote,
                     source: input.source)
    }

    /// 1.08 and 1.080 are one price (`PriceRecording.sameValue`).
    static func sameValue(_ a: ExactDecimal, _ b: ExactDecimal) -> Bool { PriceRecording.sameValue(a, b) }

    /// Parses a cost exactly, in a commodity other than the amount's.
    func postingCost(_ input: LedgerCommand.CostInput, for amount: Money) throws -> PostingCost {
        guard input.commodity != amount.currency else {
            throw LedgerError.unbalanced("a cost in \(amount.currency.code) for an amount in \(amount.currency.code) converts nothing; remove the @")
        }
        let value: ExactDecimal
        do { value = try ExactDecimal(parsing: input.value) } catch { throw LedgerError.money(error) }
        let cost = PostingCost(per: input.per, value: value, commodity: try stored(input.commodity))
        do { _ = try cost.weight(of: amount) } catch { throw LedgerError.money(error) }
        return cost
    }

    /// The two postings that balance a priced posting per commodity: its amount negated on the
    /// `…:A-B:<its commodity>` account and its weight on `…:A-B:<cost commodity>`, opening
    /// either account (type equity, no commodity constraint) when it does not exist yet.
    func conversionPostings(for posting: Posting, opening opened: inout [LedgerEvent]) throws -> [Posting] {
        guard let cost = posting.cost else { return [] }
        let weight: Money, negated: Money
        do {
            weight = try cost.weight(of: posting.amount).weight
            negated = try posting.amount.negated()
        } catch { throw LedgerError.money(error) }
        var result: [Posting] = []
        for amount in [negated, weight] {
            let name = ConversionAccount.name(between: posting.amount.currency, and: cost.commodity, side: amount.currency)
            let accountID: String
            if let account = try account(named: name) {
                guard !account.isClosed else { throw LedgerError.accountClosed(name) }
                accountID = account.id
            } else if let pending = opened.lazy.compactMap({ event -> String? in
                if case .accountOpened(let e) = event, e.name.rawValue == name { return e.accountID } else { return nil }
            }).first {
                accountID = pending
            } else {
                let event = try openAccount(name, type: .equity, currency: amount.currency)
                guard case .accountOpened(let e) = event else { preconditionFailure("openAccount opens an account") }
                opened.append(event)
                accountID = e.accountID
            }
            result.append(Posting(accountID: accountID, amount: amount, memo: nil, cost: nil, isGeneratedConversion: true))
        }
        return result
    }

    /// `transfer 500 EUR --from assets:wise:eur --to assets:checking --cost 545.00`: a general
    /// transaction, the amount out of `from` and its cost into `to`, with the conversion postings.
    func convertingTransfer(_ input: LedgerCommand.MoneyInput, cost: LedgerCommand.CostInput,
                            from: Account, to: Account) throws -> [LedgerEvent] {
        let amount = try parseAmount(input.amount, currency: try stored(input.currency ?? from.currency))
        try checkCurrency(amount, from)
        guard amount.minorUnits > 0 else { throw LedgerError.money(.invalidAmount(input.amount, reason: "a transfer moves a positive amount")) }
        let out: Money
        do { out = try amount.negated() } catch { throw LedgerError.money(error) }
        let priced = Posting(accountID: from.id, amount: out, memo: nil, cost: try postingCost(cost, for: out))
        var opened: [LedgerEvent] = []
        let conversions = try conversionPostings(for: priced, opening: &opened)
        let received: Money
        do { received = try conversions[1].amount.negated() } catch { throw LedgerError.money(error) }
        try checkCurrency(received, to)
        if let date = input.date { try PlanPeriod.check(date) }
        return opened + [.transactionRecorded(.init(
            transactionID: context.makeID(), date: input.date ?? context.today, payee: input.payee, memo: input.memo,
            postings: [Posting(accountID: to.id, amount: received), priced] + conversions))]
    }
}

extension LedgerDecider {
    /// `price EUR --retract --date D`: the price in force that day; with a value (a journal's
    /// `P` line, or `price EUR 1.16 --retract`), the latest standing recording of that value,
    /// so a `P` line another recording of the day replaced since is still taken back (N17).
    /// Nothing standing to retract is refused: the log would hold an event that says nothing.
    func retractPrice(_ input: LedgerCommand.PriceRetractionInput) throws -> LedgerEvent.PriceRetracted {
        if let date = input.date { try PlanPeriod.check(date) }
        let date = input.date ?? context.today
        if let reason = input.reason { try checkText(reason, field: "reason") }
        let inForce = try state.price(of: input.commodity, in: input.quote, on: date)
        guard let text = input.value else {
            guard let inForce else { throw noPrice(input, date, inForce: nil) }
            return .init(date: date, commodity: input.commodity, value: inForce, quote: input.quote, reason: input.reason)
        }
        let value: ExactDecimal
        do { value = try ExactDecimal(parsing: text) } catch { throw LedgerError.money(error) }
        let recordings = try state.priceRecordings(of: input.commodity, in: input.quote, on: date)
        let standing = recordings.map { $0.contains { !$0.isRetracted && Self.sameValue($0.value, value) } }
            ?? inForce.map { Self.sameValue($0, value) } ?? false
        guard standing else { throw noPrice(input, date, inForce: inForce) }
        return .init(date: date, commodity: input.commodity, value: value, quote: input.quote, reason: input.reason)
    }

    private func noPrice(_ input: LedgerCommand.PriceRetractionInput, _ date: LocalDate, inForce: ExactDecimal?) -> LedgerError {
        .noPriceToRetract(commodity: input.commodity.code, quote: input.quote.code, date: date, value: input.value,
                          inForce: inForce?.description)
    }
}
