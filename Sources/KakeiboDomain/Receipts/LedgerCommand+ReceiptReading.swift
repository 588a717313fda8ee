// What an import hands the ledger about one receipt image: everything `ReceiptScanned` records but its id.

extension LedgerCommand {
    /// What OCR and the parser read from one receipt image, as the ledger will record it. It has no id: the
    /// decider gives the scan one when it decides to record it (`ReceiptScanned.init(receiptID:reading:)`).
    public struct ReceiptReading: Hashable, Sendable {
        public typealias Scan = LedgerEvent.ReceiptScanned
        /// Lowercase hex SHA-256 of the image (or observations file) bytes: the import's idempotency key.
        public var imageSHA256: String
        public var engine: Scan.Engine
        public var preprocessing: [String]
        public var rows: [Scan.Row]
        public var rowsOmitted: Int64
        public var fields: [String: Scan.Field]
        public var warnings: [String]
        public var items: [Scan.Item]

        public init(imageSHA256: String, engine: Scan.Engine, preprocessing: [String], rows: [Scan.Row],
                    rowsOmitted: Int64 = 0, fields: [String: Scan.Field], warnings: [String], items: [Scan.Item] = []) {
            self.imageSHA256 = imageSHA256; self.engine = engine; self.preprocessing = preprocessing; self.rows = rows
            self.rowsOmitted = rowsOmitted; self.fields = fields; self.warnings = warnings; self.items = items
        }
    }
}

extension LedgerEvent.ReceiptScanned {
    /// The event that records `reading` under the id the decider assigned.
    public init(receiptID: String, reading: LedgerCommand.ReceiptReading) {
        self.init(receiptID: receiptID, imageSHA256: reading.imageSHA256, engine: reading.engine,
                  preprocessing: reading.preprocessing, rows: reading.rows, rowsOmitted: reading.rowsOmitted,
                  fields: reading.fields, warnings: reading.warnings, items: reading.items)
    }
}
