import KakeiboDomain

/// A receipt without a total is refused by the decider rather than recorded as a bare scan: the user expects
/// expenses from an import, a scan with no amount would need typing in anyway, and recording it would spend
/// the image's idempotency key, so a rescan or a better parser could not import it later.
extension ReceiptScan {
    /// The import command: this reading, and the expense it shows, paid from `account` (an asset or liability).
    /// `defaultCurrency` (an ISO code) stands when the receipt prints none the ledger can use.
    public func command(account: String, defaultCurrency: String) -> LedgerCommand.ReceiptInput {
        let currency = receipt.currency.flatMap { try? Currency(code: $0.value) }.flatMap { $0.minorDigits == 2 ? $0 : nil }
            ?? (try? Currency(code: defaultCurrency)) ?? Currency(uncheckedCode: "XXX", minorDigits: 2)
        let merchant = receipt.merchant.map { Self.capped($0.value) }.flatMap { $0.isEmpty ? nil : $0 }
        var command = LedgerCommand.ReceiptInput(
            reading: reading, total: receipt.total.map { Money(minorUnits: $0.value, currency: currency) },
            date: receipt.localDate, payee: merchant, account: account, needsReview: receipt.needsReview)
        command.reviewReasons = receipt.reviewReasons
        return command
    }

    /// What the ledger records of this scan: texts sanitised and cut to the event's caps, confidences in basis
    /// points, boxes in ten-thousandths, the first rows and every row a field or an item cites.
    public var reading: LedgerCommand.ReceiptReading {
        typealias Scan = LedgerEvent.ReceiptScanned
        var fields: [String: Scan.Field] = [:]
        func add<V>(_ name: String, _ field: ReceiptField<V>?, _ value: (V) -> Scan.Field.Value) {
            guard let field else { return }
            fields[name] = Scan.Field(value: value(field.value), confidenceBasisPoints: Self.basisPoints(field.confidence),
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
                      confidenceBasisPoints: Self.basisPoints(item.confidence), rows: item.rows.map(Int64.init))
        }
        // Keep the first rows and every row a field or an item cites; say how many others were dropped.
        let cited = Set(fields.values.flatMap(\.rows) + items.flatMap(\.rows))
        let kept = rows.filter { $0.index < Scan.maxRows - cited.count || cited.contains(Int64($0.index)) }.prefix(Scan.maxRows)
        return LedgerCommand.ReceiptReading(
            imageSHA256: imageSHA256,
            engine: .init(name: Self.capped(engine.name, nonEmpty: "unknown"), version: Self.capped(engine.version, nonEmpty: "unknown"),
                          language: Self.capped(engine.language, nonEmpty: "unknown"),
                          models: Dictionary(uniqueKeysWithValues: (engine.models ?? [:]).prefix(8).map { (Self.capped($0.key, nonEmpty: "?"), $0.value) })),
            preprocessing: preprocessing.prefix(Scan.maxPreprocessing).map { Self.capped($0, nonEmpty: "?") },
            rows: kept.map { row in
                Scan.Row(index: Int64(row.index), text: Self.capped(row.text),
                         box: [row.minX, row.minY, row.maxX - row.minX, row.maxY - row.minY].map(Self.basisPoints),
                         confidenceBasisPoints: Self.basisPoints(row.confidence))
            },
            rowsOmitted: Int64(rows.count - kept.count), fields: fields,
            warnings: receipt.warnings.prefix(Scan.maxWarnings).map { Self.capped($0, nonEmpty: "?") }, items: Array(items))
    }

    /// Sanitised text cut to what the event stores, on a character boundary, control characters removed.
    static func capped(_ text: String, nonEmpty fallback: String? = nil) -> String {
        var out = ""
        for character in text {
            if character.unicodeScalars.contains(where: { FreeText.isControl($0) }) { continue }
            if out.utf8.count + character.utf8.count > LedgerEvent.ReceiptScanned.maxTextBytes { break }
            out.append(character)
        }
        if out.isEmpty, let fallback { return fallback }
        return out
    }

    /// A 0–1 confidence (or a 0–1 coordinate, as ten-thousandths) as an integer out of 10,000.
    static func basisPoints(_ value: Double) -> Int64 {
        guard value.isFinite else { return 0 }
        return Int64((min(max(value, 0), 1) * 10_000).rounded())
    }
}
