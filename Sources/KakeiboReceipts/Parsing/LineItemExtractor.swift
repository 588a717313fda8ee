/// Reads purchased lines: rows between the header and the totals that end in an amount and carry a description.
///
/// Handles `MILO 1KG 7.00`, `2 x 3.50 7.00`, `QTY 2 @ 3.50 7.00`, a quantity column (`MILO 2 3.50 7.00`),
/// trailing tax codes (`7.00 SR`, `7.00 Z`, `T`) and a description printed on the row above its figures.
/// Totals, tax, cash, change, rounding and discount rows, dates, times and phone numbers are not items.
/// The items are checked against the subtotal (else the total): when they don't add up, every item is less trusted.
struct LineItemExtractor: Sendable {
    /// Tax codes printed after a line's amount.
    static let taxCodes: Set<String> = ["SR", "ZR", "Z", "T", "S", "E", "A", "B", "N", "X", "R", "TX", "ES", "OS", "*"]
    /// Header, footer and summary words (matched exactly: `DISH` is food, not `DISC`) that are never on a purchased line.
    /// Rows naming these close the items.
    static let totals: [Keyword] = ["TOTAL", "SUBTOTAL"]
    static let notItem: Set<String> = [
        "TEL", "FAX", "PHONE", "INVOICE", "RECEIPT", "CASHIER", "TABLE", "DATE", "TIME", "REG", "TTL", "QUANTITY", "ITEMS",
        "SAVING", "SAVINGS", "POINTS", "TAX", "GST", "SST", "VAT", "CASH", "CHANGE", "ROUNDING", "ROUND", "ADJ", "ADJUSTMENT",
        "DISCOUNT", "DISC", "TENDERED", "TENDER", "PAYMENT", "PAID", "VISA", "MASTERCARD", "CARD", "DEBIT", "CREDIT", "SERVICE",
        "SVC", "BAKI", "JUMLAH", "NETT", "AMOUNT", "AMT", "BALANCE", "DUE", "COUNTER", "MEMBER",
    ]

    /// `matchers` and `roles` are each row's `KeywordMatcher` and `TotalExtractor.role(of:)`, by position.
    func extract(rows: [TextRow], matchers: [KeywordMatcher], roles: [TotalExtractor.Label?], amounts: [[AmountToken]], scanner: AmountScanner,
                 headerRows: Set<Int>, into receipt: inout ParsedReceipt) {
        // The totals block starts at the first labelled subtotal or total that has a figure beside it.
        let end = rows.indices.first { position in
            let row = rows[position]
            guard let role = roles[position]?.role, role == .subtotal || role == .total else { return false }
            // A label alone counts when the row below holds only its figure (`Item Qty Price Amount` heads a column instead).
            return !amounts[row.index].isEmpty
                || (rows.indices.contains(row.index + 1) && !amounts[row.index + 1].isEmpty && Self.letters(rows[row.index + 1].text) < 2)
        }.map { rows[$0].index } ?? receipt.total?.rows.min() ?? rows.count
        var items: [ReceiptLineItem] = []
        var pendingDescription: TextRow?
        for (position, row) in rows.enumerated() where row.index < end && !headerRows.contains(row.index) {
            let matcher = matchers[position]
            if matcher.containsAny(Self.totals) || matcher.words.contains(where: Self.notItem.contains) || Self.looksLikePhone(row.text) {
                pendingDescription = nil
                continue
            }
            guard var item = read(row, amounts: amounts[row.index], scanner: scanner) else {
                // A row of words with no figures may be the description of the figures below it.
                pendingDescription = amounts[row.index].isEmpty && Self.letters(row.text) >= 3 ? row : nil
                continue
            }
            if item.description.isEmpty {
                guard let above = pendingDescription else { continue }
                item.description = Self.description(above.words.map(\.text))
                item.rows.insert(above.index, at: 0)
                item.confidence *= 0.9
            }
            pendingDescription = nil
            if Self.letters(item.description) >= 2 { items.append(item) }
        }
        guard !items.isEmpty else { return }
        // Items sum ≈ subtotal (else the total before tax): agreement raises trust, disagreement lowers it.
        let sum = items.reduce(Int64(0)) { $0 + $1.amount }
        let targets = [receipt.subtotal?.value, receipt.total?.value,
                       receipt.total.map { $0.value - (receipt.tax?.value ?? 0) - (receipt.rounding?.value ?? 0) + abs(receipt.discount?.value ?? 0) }]
            .compactMap { $0 }
        let agrees = targets.contains(sum)
        for index in items.indices {
            items[index].confidence = agrees ? min(1, items[index].confidence + 0.15) : items[index].confidence * 0.7
        }
        if !agrees && !targets.isEmpty { receipt.warnings.append("line items do not add up to the subtotal") }
        receipt.items = items
    }

    /// One row's item, or nil when it does not end in an amount. The description may be empty (figures only).
    func read(_ row: TextRow, amounts: [AmountToken], scanner: AmountScanner) -> ReceiptLineItem? {
        var words = row.words.map(\.text)
        // Drop trailing tax codes, then the row must end in an amount.
        while let last = words.last, Self.taxCodes.contains(last.uppercased()), words.count > 1 { words.removeLast() }
        guard let lastWord = words.last, let amount = scanner.amount(lastWord), amounts.last?.minorUnits == amount else { return nil }
        words.removeLast()
        var confidence = 0.45 + 0.35 * row.meanConfidence
        var quantity: Int64?
        // Figures before the amount: `2 x 3.50`, `QTY 2 @ 3.50`, `2x3.50`, or a quantity column and a unit price.
        var unit: Int64?
        if let last = words.last, let price = scanner.amount(last) {
            unit = price
            words.removeLast()
        } else if let last = words.last, let (count, price) = Self.attachedQuantity(last, scanner: scanner) {
            quantity = count
            unit = price
            words.removeLast()
        }
        if quantity == nil, unit != nil, let last = words.last, ["X", "@", "*"].contains(last.uppercased()) {
            words.removeLast()
            if let count = words.last.flatMap(Self.count) {
                quantity = count
                words.removeLast()
            }
        } else if quantity == nil, unit != nil, let last = words.last, let count = Self.count(last.hasSuffix("x") || last.hasSuffix("X") ? String(last.dropLast()) : last) {
            quantity = count
            words.removeLast()
        }
        // A quantity column with no unit price: `Brot 1 3,20` (a saving such as `2 for 1 -1.20` has none).
        if quantity == nil, unit == nil, amount > 0, words.count > 1, let count = words.last.flatMap(Self.count), Self.letters(words[words.count - 2]) > 0 {
            quantity = count
            words.removeLast()
        }
        if let last = words.last, ["QTY", "QTY:", "QUANTITY"].contains(last.uppercased()) { words.removeLast() }
        if let unit {
            // quantity × unit price = amount confirms the reading; a unit price alone equal to the amount is one item.
            if let count = quantity, count * unit == amount {
                confidence += 0.1
            } else if quantity != nil || unit != amount {
                confidence *= 0.75
            }
        }
        // A quantity printed before the description: `2 MILO 1KG 7.00`.
        if quantity == nil, words.count > 1, let count = Self.count(words[0]), count <= 99, Self.letters(words[1]) > 0 {
            quantity = count
            words.removeFirst()
        }
        let description = Self.description(words)
        return ReceiptLineItem(description: description, quantity: quantity, amount: amount, confidence: confidence, rows: [row.index])
    }

    /// Description words, item codes (long digit runs) and decoration dropped, cut to a sane length; two common words
    /// the engine glued are parted (`ORANGEJUICE`, `WordSpacing.splitEnglishWords`).
    static func description(_ words: [String]) -> String {
        let kept = words.filter { word in
            !(word.count >= 5 && word.allSatisfy(\.isNumber)) && word.contains { $0.isLetter || $0.isNumber }
        }.flatMap(WordSpacing.splitEnglishWords)
        return String(kept.joined(separator: " ").prefix(120))
    }

    /// A whole count 1…999 (`2`, `2x` handled by the caller).
    static func count(_ word: String) -> Int64? {
        guard word.count <= 3, word.allSatisfy(\.isNumber), let n = Int64(word), (1...999).contains(n) else { return nil }
        return n
    }

    /// `2x3.50` or `2@3.50` in one word.
    static func attachedQuantity(_ word: String, scanner: AmountScanner) -> (Int64, Int64)? {
        guard let separator = word.firstIndex(where: { $0 == "x" || $0 == "X" || $0 == "@" }),
              let count = count(String(word[..<separator])), let price = scanner.amount(String(word[word.index(after: separator)...])) else { return nil }
        return (count, price)
    }

    static func letters(_ text: String) -> Int { text.filter(\.isLetter).count }

    /// Seven or more digits in a run once `-`, spaces and brackets are ignored: `03-1234 5678`, `(603) 555-0100`.
    static func looksLikePhone(_ text: String) -> Bool {
        var run = 0, best = 0
        for character in text {
            if character.isNumber { run += 1; best = max(best, run) }
            else if !"- ()+".contains(character) { run = 0 }
        }
        return best >= 7 && !text.contains(".") && !text.contains(",")
    }
}
