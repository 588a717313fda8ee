extension LedgerEvent {
    /// What OCR read from one receipt image and what the parser made of it. The `ExpenseCaptured`
    /// it produced follows in the same command and points back with `receiptID`.
    ///
    /// Kept so a reviewer can see why a field was read as it was (`kakeibo receipt show`) and so
    /// corrections become labelled data. Confidences are basis points and boxes ten-thousandths
    /// of the image: payloads hold integers only. Sizes are capped, since the text came from a camera.
    public struct ReceiptScanned: Hashable, Sendable {
        public static let maxRows = 200
        public static let maxTextBytes = 200
        public static let maxWarnings = 20
        public static let maxPreprocessing = 16
        public static let maxFields = 32
        public static let maxItems = 50

        public var receiptID: String
        /// Lowercase hex SHA-256 of the image (or observations file) bytes: the import's idempotency key.
        public var imageSHA256: String
        public var engine: Engine
        public var preprocessing: [String]
        public var rows: [Row]
        /// Rows beyond `maxRows` that no field cites and that were not stored.
        public var rowsOmitted: Int64
        /// `merchant`, `date`, `currency`, `total`, `subtotal`, `tax`, … as parsed.
        public var fields: [String: Field]
        public var warnings: [String]
        /// Purchased lines as parsed, top to bottom; omitted from the payload when empty, so older scans keep their bytes.
        public var items: [Item]

        public init(receiptID: String, imageSHA256: String, engine: Engine, preprocessing: [String], rows: [Row],
                    rowsOmitted: Int64 = 0, fields: [String: Field], warnings: [String], items: [Item] = []) {
            self.receiptID = receiptID; self.imageSHA256 = imageSHA256; self.engine = engine
            self.preprocessing = preprocessing; self.rows = rows; self.rowsOmitted = rowsOmitted
            self.fields = fields; self.warnings = warnings; self.items = items
        }

        /// The OCR engine, its version and the language model it used, and the SHA-256 of each model file for
        /// engines that load their own (PP-OCR); empty for Tesseract, whose model the version names.
        public struct Engine: Hashable, Sendable {
            public var name: String
            public var version: String
            public var language: String
            public var models: [String: String]
            public init(name: String, version: String, language: String, models: [String: String] = [:]) {
                self.name = name; self.version = version; self.language = language; self.models = models
            }
        }

        /// One printed line as OCR saw it.
        public struct Row: Hashable, Sendable {
            /// The row's index in the parser's numbering; fields cite rows by it.
            public var index: Int64
            public var text: String
            /// x, y, width, height in ten-thousandths of the image, origin top left.
            public var box: [Int64]
            /// 0–10000: the weakest word's OCR confidence.
            public var confidenceBasisPoints: Int64
            public init(index: Int64, text: String, box: [Int64], confidenceBasisPoints: Int64) {
                self.index = index; self.text = text; self.box = box; self.confidenceBasisPoints = confidenceBasisPoints
            }
        }

        /// A parsed field: its value, how far it can be trusted and the rows it came from.
        public struct Field: Hashable, Sendable {
            public enum Value: Hashable, Sendable {
                case text(String)
                /// Money in minor units of the receipt's currency.
                case minorUnits(Int64)
            }
            public var value: Value
            public var confidenceBasisPoints: Int64
            public var rows: [Int64]
            public init(value: Value, confidenceBasisPoints: Int64, rows: [Int64]) {
                self.value = value; self.confidenceBasisPoints = confidenceBasisPoints; self.rows = rows
            }
        }

        /// One purchased line: the description as printed, the count when printed, the amount in the receipt's minor units.
        public struct Item: Hashable, Sendable {
            public var text: String
            public var quantity: Int64?
            public var amountMinorUnits: Int64
            public var confidenceBasisPoints: Int64
            public var rows: [Int64]
            public init(text: String, quantity: Int64?, amountMinorUnits: Int64, confidenceBasisPoints: Int64, rows: [Int64]) {
                self.text = text; self.quantity = quantity; self.amountMinorUnits = amountMinorUnits
                self.confidenceBasisPoints = confidenceBasisPoints; self.rows = rows
            }
        }

        public var stream: String { Self.stream(for: receiptID) }
        /// Each receipt has a stream of its own, so a transaction's stream keeps its versions.
        public static func stream(for receiptID: String) -> String { "receipt-" + receiptID }
    }
}
