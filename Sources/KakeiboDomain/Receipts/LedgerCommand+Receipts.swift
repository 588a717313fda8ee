// Input of the receipt import command.

extension LedgerCommand {
    /// A scanned receipt and the expense read from it. The decider records the reading as `ReceiptScanned`
    /// under a new id.
    public struct ReceiptInput: Hashable, Sendable {
        /// What OCR and the parser produced.
        public var reading: ReceiptReading
        /// Nil when the receipt showed no total: the import is refused (see `LedgerError.receiptWithoutTotal`).
        public var total: Money?
        /// Nil: today in the ledger's zone, and the expense needs review.
        public var date: LocalDate?
        public var payee: String?
        /// The asset or liability account paid from.
        public var account: String
        /// Nil: the ledger applies a confident suggestion, else `expenses:unknown`.
        public var category: String?
        public var needsReview: Bool
        /// Why it needs review, for the person importing (`date 73 %`); not recorded: the scan keeps every confidence.
        public var reviewReasons: [String] = []

        public init(reading: ReceiptReading, total: Money?, date: LocalDate?, payee: String?, account: String,
                    category: String? = nil, needsReview: Bool) {
            self.reading = reading; self.total = total; self.date = date; self.payee = payee
            self.account = account; self.category = category; self.needsReview = needsReview
        }
    }
}
