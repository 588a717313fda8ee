// Input of the receipt import command.

extension LedgerCommand {
    /// A scanned receipt and the expense read from it. The decider gives the scan its id.
    public struct ReceiptInput: Hashable, Sendable {
        /// What OCR and the parser produced; `receiptID` is ignored and assigned on decision.
        public var scan: LedgerEvent.ReceiptScanned
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

        public init(scan: LedgerEvent.ReceiptScanned, total: Money?, date: LocalDate?, payee: String?, account: String,
                    category: String? = nil, needsReview: Bool) {
            self.scan = scan; self.total = total; self.date = date; self.payee = payee
            self.account = account; self.category = category; self.needsReview = needsReview
        }
    }
}
