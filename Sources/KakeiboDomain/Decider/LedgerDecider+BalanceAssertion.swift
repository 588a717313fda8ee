// A statement's closing balance (issue 32, part 3): recorded as the bank stated it.

extension LedgerDecider {
    /// `BalanceAsserted` for an open asset or liability account, in its commodity. Whether the
    /// books agree is not decided here: the assertion records what the bank said, and the import
    /// reports a difference; refusing it would also refuse the entries that close the gap. A zero
    /// balance is a balance (an emptied account), so it is not refused as a zero posting is.
    func assertBalance(_ input: LedgerCommand.BalanceAssertionInput) throws -> LedgerEvent.BalanceAsserted {
        let account = try postingAccount(input.account, types: [.asset, .liability], role: "an asset or liability account")
        let amount: Money
        do { amount = try Money.parse(input.amount, currency: input.currency ?? account.currency) } catch { throw LedgerError.money(error) }
        try checkUnambiguous(input.amount, amount)
        try checkCurrency(amount, account)
        try PlanPeriod.check(input.date)
        try checkOptionalText(input.statement, field: "statement")
        return .init(accountID: account.id, date: input.date, amount: amount, statement: input.statement)
    }
}
