/// One receipt as read: the rows OCR gave, what the parser made of them, and which engine read which bytes.
///
/// A pure value, whatever produced the text (Tesseract, PP-OCR, Apple's Vision on a phone): an app builds one
/// from its own engine's observations and gets the same import command as `kakeibo import receipt`
/// (`command(account:defaultCurrency:)`), with nothing from the files or OCR modules.
public struct ReceiptScan: Hashable, Sendable {
    public var rows: [TextRow]
    public var receipt: ParsedReceipt
    /// Lowercase hex SHA-256 of the image (or observations file) bytes: the import's idempotency key.
    public var imageSHA256: String
    public var engine: OCREngineDescriptor
    /// What was done to the image before OCR (`grayscale`, `upscale 2x`…), for the record.
    public var preprocessing: [String]

    public init(rows: [TextRow], receipt: ParsedReceipt, imageSHA256: String, engine: OCREngineDescriptor, preprocessing: [String] = []) {
        self.rows = rows; self.receipt = receipt; self.imageSHA256 = imageSHA256
        self.engine = engine; self.preprocessing = preprocessing
    }

    /// Parses `observations` with `parser`, choosing with the model trained on this engine's text: each engine
    /// has its own calibration, the parser is the same.
    public init(observations: [TextObservation], imageSHA256: String, engine: OCREngineDescriptor, preprocessing: [String] = [],
                parser: ReceiptParser) {
        var parser = parser
        parser.options.model = ReceiptModel.trained(for: engine.name)
        let (rows, receipt) = parser.parse(observations)
        self.init(rows: rows, receipt: receipt, imageSHA256: imageSHA256, engine: engine, preprocessing: preprocessing)
    }
}
