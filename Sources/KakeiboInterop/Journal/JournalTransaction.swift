import KakeiboDomain

/// One journal transaction, balanced: the elided amount is filled in.
public struct JournalTransaction: Hashable, Sendable {
    public enum Status: String, Hashable, Sendable {
        case unmarked = "", pending = "!", cleared = "*"
    }

    public var location: SourceLocation
    public var date: LocalDate
    public var status: Status
    public var code: String?
    /// The part of the description before `|`, or all of it.
    public var payee: String?
    /// The part after `|`.
    public var note: String?
    /// The text after `;` on the header and on comment lines before the first posting.
    public var comment: String?
    /// `key: value` tags found in those comments.
    public var tags: [String: String]
    public var postings: [JournalPosting]
    /// `2026-01-05=2026-01-07`: hledger's secondary date (the bank's, or the day it cleared).
    public var date2: LocalDate? = nil

    /// What becomes the transaction's memo: the note, then the comment, then the secondary date
    /// as a `date2:` tag. The tag is how the ledger keeps it until transactions carry a second
    /// date of their own: an export writes it in the comment, where hledger reads it as a tag
    /// (balances unchanged, checked with hledger 1.25) and a re-import reads the same memo, so
    /// appends nothing.
    public var memo: String? {
        let parts = [note, comment, date2.map { "date2: \($0)" }].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}

/// One posting line.
public struct JournalPosting: Hashable, Sendable {
    public var location: SourceLocation
    public var account: AccountName
    /// The amount: as written, or computed for the one posting that left it out.
    public var amount: Money
    public var amountWasElided: Bool
    /// `= $100` after the amount: the account's own balance after this posting.
    public var assertion: Money?
    /// `=*` / `==*`: the assertion is of the account plus its subaccounts, as in hledger.
    public var assertionIsInclusive = false
    /// `(account)` (balances with nothing) or `[account]` (balances with the other bracketed ones).
    public var virtual: PostingVirtuality? = nil
    /// The account name as written, when an `alias` directive made it `account`; nil otherwise.
    public var accountAsWritten: String? = nil
    public var comment: String?
    public var tags: [String: String]
    /// `@ $1.09` or `@@ $33.15` as written; nil for a plain posting.
    public var cost: PostingCost? = nil
    /// `  * assets:bank  $5`: the posting's own `*` / `!`, kept as written (issue 32); nil when unmarked.
    public var status: TransactionStatus? = nil
    /// `{…}` as written: the lot acquired, or how a sale picks its lots (issue 36).
    public var lot: LedgerCommand.LotInput? = nil
    /// Added by an automated posting rule (`= QUERY`, as written); its comment carries hledger's
    /// `generated-posting:` tag, which is what the ledger and an export keep of it.
    public var generatedBy: String? = nil
}
