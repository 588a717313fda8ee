import KakeiboDomain
import KakeiboLedger
import KakeiboReceipts

/// Turns what OCR and the parser read from one receipt into the ledger's receipt command.
///
/// A receipt without a total is refused rather than recorded as a bare scan: the user expects
/// expenses from an import, a scan with no amount would need typing in anyway, and recording it
/// would spend the image's idempotency key, so a rescan or a better parser could not import it later.
public struct ReceiptImporter: Sendable {
    public var parser: ReceiptParser
    /// The account paid from, e.g. `assets:cash`.
    public var account: String

    public init(account: String, defaultCurrency: Currency, dayFirst: Bool? = nil) {
        self.account = account
        self.parser = ReceiptParser(options: ReceiptParserOptions(dayFirst: dayFirst, defaultCurrency: defaultCurrency.code))
    }

    /// Parses the observations and builds the command; `digest` is the hex SHA-256 of the source bytes.
    public func input(observations: [TextObservation], digest: String, engine: OCREngineDescriptor,
                      preprocessing: [String]) -> LedgerCommand.ReceiptInput {
        // Each engine's text has its own calibration; the parser is the same.
        var parser = parser
        parser.options.model = ReceiptModel.trained(for: engine.name)
        let (rows, receipt) = parser.parse(observations)
        return input(rows: rows, receipt: receipt, digest: digest, engine: engine, preprocessing: preprocessing)
    }

    public func input(rows: [TextRow], receipt: ParsedReceipt, digest: String, engine: OCREngineDescriptor,
                      preprocessing: [String]) -> LedgerCommand.ReceiptInput {
        typealias Scan = LedgerEvent.ReceiptScanned
        var fields: [String: Scan.Field] = [:]
        func add<V>(_ name: String, _ field: ReceiptField<V>?, _ value: (V) -> Scan.Field.Value) {
            guard let field else { return }
            fields[name] = Scan.Field(value: value(field.value), confidenceBasisPoints: basisPoints(field.confidence),
                                      rows: field.rows.map(Int64.init))
        }
        add("merchant", receipt.merchant) { .text(Self.capped($0)) }
        add("date", receipt.date) { .text(Self.capped($0)) }
        add("time", receipt.time) { .text(Self.capped($0)) }
        add("currency", receipt.currency) { .text(Self.capped($0)) }
        for (name, field) in [("total", receipt.total), ("subtotal", receipt.subtotal), ("tax", receipt.tax),
                              ("rounding", receipt.rounding), ("discount", receipt.discount), ("cash", receipt.cash),
                              ("change", receipt.change)] {
            add(name, field) { .minorUnits($0) }
        }
        let items = receipt.items.prefix(Scan.maxItems).map { item in
            Scan.Item(text: Self.capped(item.description, nonEmpty: "?"), quantity: item.quantity, amountMinorUnits: item.amount,
                      confidenceBasisPoints: basisPoints(item.confidence), rows: item.rows.map(Int64.init))
        }
        // Keep the first rows and every row a field or an item cites; say how many others were dropped.
        let cited = Set(fields.values.flatMap(\.rows) + items.flatMap(\.rows))
        let kept = rows.filter { $0.index < Scan.maxRows - cited.count || cited.contains(Int64($0.index)) }.prefix(Scan.maxRows)
        let scan = Scan(
            receiptID: "", imageSHA256: digest,
            engine: .init(name: Self.capped(engine.name, nonEmpty: "unknown"), version: Self.capped(engine.version, nonEmpty: "unknown"),
                          language: Self.capped(engine.language, nonEmpty: "unknown"),
                          models: Dictionary(uniqueKeysWithValues: (engine.models ?? [:]).prefix(8).map { (Self.capped($0.key, nonEmpty: "?"), $0.value) })),
            preprocessing: preprocessing.prefix(Scan.maxPreprocessing).map { Self.capped($0, nonEmpty: "?") },
            rows: kept.map { row in
                Scan.Row(index: Int64(row.index), text: Self.capped(row.text),
                         box: [row.minX, row.minY, row.maxX - row.minX, row.maxY - row.minY].map(tenThousandths),
                         confidenceBasisPoints: basisPoints(row.confidence))
            },
            rowsOmitted: Int64(rows.count - kept.count), fields: fields,
            warnings: receipt.warnings.prefix(Scan.maxWarnings).map { Self.capped($0, nonEmpty: "?") }, items: Array(items))

        let currency = receipt.currency.flatMap { try? Currency(code: $0.value) }.flatMap { $0.minorDigits == 2 ? $0 : nil }
            ?? (try? Currency(code: parser.options.defaultCurrency)) ?? Currency(uncheckedCode: "XXX", minorDigits: 2)
        let merchant = receipt.merchant.map { Self.capped($0.value) }.flatMap { $0.isEmpty ? nil : $0 }
        var command = LedgerCommand.ReceiptInput(
            scan: scan, total: receipt.total.map { Money(minorUnits: $0.value, currency: currency) },
            date: receipt.localDate, payee: merchant, account: account, needsReview: receipt.needsReview)
        command.reviewReasons = receipt.reviewReasons
        return command
    }

    /// Sanitised text cut to what the event stores, on a character boundary, control characters removed.
    static func capped(_ text: String, nonEmpty fallback: String? = nil) -> String {
        var out = ""
        for character in text {
            if character.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) { continue }
            if out.utf8.count + character.utf8.count > LedgerEvent.ReceiptScanned.maxTextBytes { break }
            out.append(character)
        }
        if out.isEmpty, let fallback { return fallback }
        return out
    }
}

private func basisPoints(_ value: Double) -> Int64 {
    guard value.isFinite else { return 0 }
    return Int64((min(max(value, 0), 1) * 10_000).rounded())
}

private func tenThousandths(_ value: Double) -> Int64 { basisPoints(value) }
