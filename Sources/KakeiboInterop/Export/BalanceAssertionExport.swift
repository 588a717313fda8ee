import KakeiboDomain
import KakeiboLedger

/// Statement balances (`BalanceAsserted`) in the two export formats. An assertion the exported
/// books disagree with is written as a comment that says both figures, not as an assertion:
/// hledger checks assertions on every command and `bean-check` refuses the file, so one statement
/// whose opening balance was never entered would make the whole export unreadable, while the
/// ledger itself records the statement and reports the difference.
enum BalanceAssertionExport {
    struct Checked {
        var assertion: BalanceAssertion
        /// The account's own balance in the asserted commodity at the end of the day: hledger's `=`.
        var own: Money
        /// With the accounts under it: beancount's `balance`, which counts sub-accounts.
        var withChildren: Money
    }

    static func checked(_ ledger: Ledger, asOf: LocalDate?) throws -> [Checked] {
        try ledger.balanceAssertions().filter { asOf == nil || $0.date <= asOf! }.map { assertion in
            let currency = assertion.amount.currency
            var own = Money.zero(currency), withChildren = Money.zero(currency)
            let prefix = assertion.account.rawValue + ":"
            for balance in try ledger.balances(ReportScope(asOf: assertion.date)).accounts where balance.amount.currency == currency {
                if balance.account == assertion.account { own = try own.adding(balance.amount) }
                if balance.account == assertion.account || balance.account.rawValue.hasPrefix(prefix) {
                    withChildren = try withChildren.adding(balance.amount)
                }
            }
            return Checked(assertion: assertion, own: own, withChildren: withChildren)
        }
    }

    /// hledger: a transaction of one zero posting carrying `= BAL`, after the day's transactions
    /// (hledger checks in date order, and within a date in file order, so the end of the file is after them).
    /// The `statement:` tag, empty when the statement is not known, is what `import journal` recognises it by.
    static func journal(_ checked: [Checked], format: (String, Commodity) -> String) -> String {
        var out = ""
        for item in checked {
            let a = item.assertion
            let amount = format(a.amount.decimalString, a.amount.currency)
            if item.own == a.amount {
                let tag = "  ; statement:" + (a.statement.map { " " + $0 } ?? "")
                out += "\n\(a.date) statement balance\(tag)\n    \(a.account.rawValue)  \(format("0", a.amount.currency)) = \(amount)\n"
            } else {
                out += "\n; \(a.date) \(a.account.rawValue): the statement says \(amount), the books hold "
                    + "\(format(item.own.decimalString, a.amount.currency)); not written as an assertion\(a.statement.map { "; statement: " + $0 } ?? "")\n"
            }
        }
        return out
    }

    /// beancount: `balance` is checked at the start of its date, so a closing balance is dated the day after.
    static func beancount(_ checked: [Checked], names: [AccountName: String]) -> String {
        var out = ""
        for item in checked {
            let a = item.assertion
            guard let name = names[a.account] else { continue }
            let amount = "\(a.amount.decimalString) \(a.amount.currency.code)"
            if item.withChildren == a.amount {
                out += "\n\(a.date.adding(days: 1)) balance \(name)  \(amount)\n"
                if let statement = a.statement { out += "  statement: \(BeancountExporter.quoted(statement))\n" }
            } else {
                out += "\n; \(a.date) \(name): the statement says \(amount), the books hold "
                    + "\(item.withChildren.decimalString) \(a.amount.currency.code); not written as a balance directive\n"
            }
        }
        return out
    }
}
