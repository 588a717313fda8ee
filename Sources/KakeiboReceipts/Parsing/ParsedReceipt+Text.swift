import KakeiboDomain

extension ParsedReceipt {
    /// `receipts read`'s table: the rows OCR saw (index, mean confidence, text), then each field with its confidence
    /// and the rows it cites. Text read from the image is stripped of control characters: a receipt whose printed
    /// text is an attack stays inert text (`HostileReceiptImageTests`). Beside the parser rather than in the CLI, so
    /// whatever front end shows a reading says the same.
    public func text(rows: [TextRow]) -> String {
        var lines: [String] = []
        func print(_ line: String) { lines.append(line) }
        for row in rows {
            // `%3d %3.0f%%`: the rounding is printf's, to the nearest whole percent, ties to even.
            let percent = Int((row.meanConfidence * 100).rounded(.toNearestOrEven))
            print(Self.padded(String(row.index), 3) + " " + Self.padded(String(percent), 3) + "%  " + Self.safe(row.text))
        }
        func line<V>(_ name: String, _ field: ReceiptField<V>?) {
            guard let field else { return print("\(name): -") }
            print("\(name): \(Self.safe(String(describing: field.value)))  confidence \(Int(field.confidence * 100))%  rows \(field.rows)")
        }
        line("merchant", merchant)
        line("date", date)
        line("time", time)
        // A currency nobody printed says so: inferred from the address or tax id, or assumed (no ledger: MYR).
        if let currency, let basis = currencyBasis, basis != .printed {
            let how = basis == .assumed ? "assumed: the receipt prints no currency and names no place that has one"
                : "inferred from the rows cited; the receipt prints no currency"
            print("currency: \(currency.value) (\(how))  confidence \(Int(currency.confidence * 100))%  rows \(currency.rows)")
        } else {
            line("currency", currency)
        }
        // Money as `receipt show` prints it: decimals and the currency, not minor units.
        let unit = (try? Currency(code: currency?.value ?? "")) ?? Currency(uncheckedCode: "XXX", minorDigits: 2)
        func money(_ minor: Int64) -> String { Money(minorUnits: minor, currency: unit).description }
        if let total {
            print("total: \(money(total.value))  confidence \(Int(total.confidence * 100))%  rows \(total.rows)")
        } else {
            print("total: -")
        }
        for item in items {
            print("item: \(Self.safe(item.description))  " + (item.quantity.map { "x\($0)  " } ?? "")
                  + "\(money(item.amount))  confidence \(Int(item.confidence * 100))%  rows \(item.rows)")
        }
        for warning in warnings { print("warning: \(warning)") }
        return lines.joined(separator: "\n")
    }

    private static func padded(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    private static func safe(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { !FreeText.isControl($0, allowing: ["\n", "\t"]) }))
    }
}
