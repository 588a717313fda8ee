// Decisions for receipt imports: the scan, then the expense it produced, checked before either exists.

extension LedgerDecider {
    func importReceipt(_ input: LedgerCommand.ReceiptInput) throws -> [LedgerEvent] {
        guard let total = input.total else { throw LedgerError.receiptWithoutTotal }
        try check(input.reading)
        let scan = LedgerEvent.ReceiptScanned(receiptID: context.makeID(), reading: input.reading)
        let from = try postingAccount(input.account, types: [.asset, .liability], role: "an asset or liability account to pay from")
        let payee = input.payee.flatMap { $0.isEmpty ? nil : $0 }
        var events: [LedgerEvent] = []
        var suggestion: AppliedSuggestion?
        let to: Account
        if let category = input.category {
            to = try categoryAccount(category, type: .expense)
        } else {
            // Like a capture without a category: a confident suggestion, else `expenses:unknown`.
            let filed = try fileUncategorised(total, payee: payee, itemWords: SuggestionFeatures.itemTokens(scan.items.map(\.text)),
                                              fallback: AppliedSuggestion.uncategorisedExpenses)
            to = filed.account
            suggestion = filed.suggestion
            events = filed.opened
        }
        var expense = try moneyMoved(.init(amount: total.decimalString, currency: total.currency, date: input.date,
                                           from: from.name.rawValue, to: to.name.rawValue, payee: payee),
                                     from: from, to: to)
        expense.suggestion = suggestion
        expense.receiptID = scan.receiptID
        expense.needsReview = input.needsReview || input.date == nil || payee == nil
        return events + [.receiptScanned(scan), .expenseCaptured(expense)]
    }

    /// The importer caps and sanitises; this refuses anything that slipped past it.
    private func check(_ scan: LedgerCommand.ReceiptReading) throws {
        typealias Scan = LedgerEvent.ReceiptScanned
        func invalid(_ reason: String) -> LedgerError { .invalidReceipt(reason) }
        func text(_ value: String, _ field: String, allowEmpty: Bool = false) throws {
            guard allowEmpty || !value.isEmpty, value.utf8.count <= Scan.maxTextBytes else {
                throw invalid("\(field) must be 1 to \(Scan.maxTextBytes) bytes")
            }
            if FreeText.containsControlCharacter(value) {
                throw invalid("\(field) contains a control character")
            }
        }
        func isDigest(_ text: String) -> Bool {
            text.utf8.count == 64 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
        }
        guard isDigest(scan.imageSHA256) else { throw invalid("the image digest must be 64 lowercase hex digits") }
        guard scan.engine.models.count <= 8, scan.engine.models.values.allSatisfy(isDigest) else {
            throw invalid("engine model digests must be at most 8, each 64 lowercase hex digits")
        }
        guard scan.rows.count <= Scan.maxRows, scan.warnings.count <= Scan.maxWarnings,
              scan.preprocessing.count <= Scan.maxPreprocessing, scan.fields.count <= Scan.maxFields, scan.items.count <= Scan.maxItems else {
            throw invalid("too many rows, fields, items, warnings or preprocessing steps")
        }
        for value in [scan.engine.name, scan.engine.version, scan.engine.language] + Array(scan.engine.models.keys) { try text(value, "engine") }
        for step in scan.preprocessing { try text(step, "preprocessing step") }
        for warning in scan.warnings { try text(warning, "warning") }
        for row in scan.rows {
            try text(row.text, "row text", allowEmpty: true)
            guard row.box.count == 4, row.box.allSatisfy({ (0...10_000).contains($0) }),
                  (0...10_000).contains(row.confidenceBasisPoints) else { throw invalid("row \(row.index) has a bad box or confidence") }
        }
        for (name, field) in scan.fields {
            try text(name, "field name")
            if case .text(let value) = field.value { try text(value, name, allowEmpty: true) }
            guard (0...10_000).contains(field.confidenceBasisPoints) else { throw invalid("\(name) confidence is out of range") }
        }
        for item in scan.items {
            try text(item.text, "item text")
            guard (0...10_000).contains(item.confidenceBasisPoints), (item.quantity ?? 1) > 0 else {
                throw invalid("an item has a confidence out of range or a quantity below one")
            }
        }
    }
}
