import KakeiboDomain
import KakeiboEventStore

/// The idempotency key of a statement's closing balance (`BalanceAsserted`), from the account, the
/// day and the amount: a statement imported again asserts nothing new, and so does the journal an
/// export wrote it to (`export journal` → `import journal`), whichever file recorded it first.
enum StatementBalanceKey {
    static func key(account: AccountName, date: LocalDate, amount: Money) -> String {
        let text = "v1\u{1E}\(account.rawValue)\u{1E}balance\u{1F}\(date)\u{1F}\(amount.decimalString)\u{1F}\(amount.currency.code)"
        return "statement-balance:" + sha256Hex(Array(text.utf8), prefix: 16)
    }
}
