import KakeiboDomain
import KakeiboEventStore

// Statement balances through a journal (issue 32): `export journal` writes each `BalanceAsserted`
// as hledger reads an assertion,
//
//     2026-01-31 statement balance  ; statement: checking-2026-01.ofx:41
//         assets:checking  0 USD = 1232.07 USD
//
// and `import journal` of that file records it as a `BalanceAsserted` again (not a dated note),
// so `reconcile ACCOUNT` finds the statement's balance in a ledger rebuilt from the export.
//
// What marks it is the `statement:` tag (its value may be empty: a balance whose statement is not
// known), never the payee: `statement balance` is also what a person may call their own check.

extension JournalImporter {
    /// The `BalanceAsserted` a transaction of the export's shape stands for: a `statement:` tag, one
    /// real posting of zero with no cost or lot, asserting its account's own balance (`=`, not `=*`),
    /// on an account that can hold a bank's balance. Anything else a person wrote (no tag, a zero
    /// posting among others, an inclusive assertion, an expense account) stays what it was: the
    /// reader checks the assertion and nothing is recorded for it.
    /// The statement is the tag's value, else the journal line.
    static func statementBalance(_ transaction: JournalTransaction, provenance: String)
        -> (input: LedgerCommand.BalanceAssertionInput, key: String)? {
        guard let tag = transaction.tags["statement"], transaction.postings.count == 1 else { return nil }
        let posting = transaction.postings[0]
        guard posting.amount.isZero, !posting.amountWasElided, let asserted = posting.assertion, !posting.assertionIsInclusive,
              posting.virtual == nil, posting.cost == nil, posting.lot == nil,
              asserted.currency.code == posting.amount.currency.code,
              // A bank's balance is an asset's or a liability's: the same shape on an expense or income
              // account is a person's own check, and stays one rather than being refused as a statement.
              AccountType(inferredFrom: posting.account).map({ !$0.canBeCategory && $0 != .equity }) ?? true else { return nil }
        let statement = tag.isEmpty ? provenance : tag
        let input = LedgerCommand.BalanceAssertionInput(account: posting.account.rawValue, date: transaction.date,
                                                        amount: asserted.decimalString, currency: asserted.currency,
                                                        statement: statement)
        return (input, StatementBalanceKey.key(account: posting.account, date: transaction.date, amount: asserted))
    }
}
