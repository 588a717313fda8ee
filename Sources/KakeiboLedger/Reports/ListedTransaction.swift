import KakeiboDomain

/// A live transaction with its postings' account names, as exporters need it.
public struct ListedTransaction: Hashable, Sendable {
    public struct Line: Hashable, Sendable {
        public var account: AccountName
        public var amount: Money
        public var memo: String?
        /// `@`/`@@` as written, for exports to give back.
        public var cost: PostingCost? = nil
        /// One of the two postings the ledger added for a priced posting; exports leave it out.
        public var isGeneratedConversion = false
        /// `(account)` or `[account]`: exports write the brackets back.
        public var virtual: PostingVirtuality? = nil
        /// The posting's own `*` / `!` (a journal's, or `reconcile`'s), for exports to write (issue 32).
        public var status: TransactionStatus? = nil
    }

    public var id: String
    public var date: LocalDate
    public var payee: String?
    public var memo: String?
    public var lines: [Line]
    /// A journal's `*`/`!` and `(code)`, for exports to write back (issue 29, B12).
    public var status: TransactionStatus? = nil
    public var code: String? = nil
}
