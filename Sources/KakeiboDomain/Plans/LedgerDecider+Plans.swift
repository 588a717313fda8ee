// Decisions for budgets and income goals: everything is checked before an event exists.

extension LedgerDecider {
    func setBudget(_ input: LedgerCommand.BudgetInput) throws -> LedgerEvent.BudgetSet {
        let account = try expenseCategory(input.category, allowArchived: false)
        // In the base currency: a category takes any commodity (issue 17), and foreign spending is
        // counted against the budget at its cost or price. The account's first currency is only
        // where its first posting happened to be.
        let amount = try positiveAmount(input.amount, currency: try state.settings()?.baseCurrency ?? account.currency,
                                        field: "budget amount")
        try PlanPeriod.check(input.from ?? context.today)
        return .init(accountID: account.id, length: input.length, amount: amount, effectiveFrom: input.from ?? context.today,
                     rollover: input.rollover)
    }

    /// Clearing is allowed on an archived category, so its old budget can be stopped.
    func clearBudget(_ name: String, from: LocalDate?) throws -> LedgerEvent.BudgetCleared {
        let account = try expenseCategory(name, allowArchived: true)
        let definitions = try state.budgetDefinitions(accountID: account.id)
        guard let last = definitions.max(by: { $0.position < $1.position }), last.budget != nil else {
            throw LedgerError.noBudget(name)
        }
        try PlanPeriod.check(from ?? context.today)
        return .init(accountID: account.id, effectiveFrom: from ?? context.today)
    }

    func setIncomeGoal(_ input: LedgerCommand.GoalInput, baseCurrency: Currency) throws -> LedgerEvent.IncomeGoalSet {
        let amount = try positiveAmount(input.amount, currency: input.currency ?? baseCurrency, field: "income goal")
        // A goal in the base currency may come before any income account; another currency needs one.
        if amount.currency != baseCurrency, try state.holdsIncome(in: amount.currency) == false {
            throw LedgerError.noIncomeInCurrency(amount.currency.code, base: baseCurrency.code)
        }
        try PlanPeriod.check(input.from ?? context.today)
        return .init(length: input.length, amount: amount, effectiveFrom: input.from ?? context.today)
    }

    private func expenseCategory(_ name: String, allowArchived: Bool) throws -> Account {
        if allowArchived {
            let accountName = try categoryAccountName(name, type: .expense)
            guard let account = try account(named: accountName.rawValue) ?? account(named: name) else {
                throw LedgerError.unknownCategory(name)
            }
            guard account.type == .expense else { throw LedgerError.notAnExpenseCategory(name) }
            return account
        }
        let accountName = try categoryAccountName(name, type: .expense)
        if let account = try account(named: accountName.rawValue) ?? account(named: name), account.type != .expense {
            throw LedgerError.notAnExpenseCategory(name)
        }
        return try categoryAccount(name, type: .expense)
    }

    private func positiveAmount(_ text: String, currency: Currency, field: String) throws -> Money {
        let amount: Money
        let currency = try stored(currency)
        do { amount = try Money.parse(text, currency: currency) } catch { throw LedgerError.money(error) }
        guard amount.minorUnits > 0 else { throw LedgerError.nonPositiveAmount(field: field) }
        return amount
    }
}
