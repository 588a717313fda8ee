import KakeiboDomain

/// Text observations in, receipt fields out. Engine-independent: Tesseract words or Apple Vision
/// lines both work. Observations are sanitised before anything reads them.
public struct ReceiptParser: Sendable {
    public var options: ReceiptParserOptions
    public var sanitiser: TextSanitiser
    public var grouper: RowGrouper

    public init(options: ReceiptParserOptions = ReceiptParserOptions(), sanitiser: TextSanitiser = TextSanitiser(), grouper: RowGrouper = RowGrouper()) {
        self.options = options
        self.sanitiser = sanitiser
        self.grouper = grouper
    }

    /// Splits lines into words, sanitises and groups them into rows.
    public func rows(from observations: [TextObservation]) -> [TextRow] {
        grouper.rows(from: sanitiser.sanitise(LineSplitter().words(from: Array(observations.prefix(sanitiser.maxObservations)))))
    }

    public func parse(_ observations: [TextObservation]) -> (rows: [TextRow], receipt: ParsedReceipt) {
        let rows = rows(from: observations)
        return (rows, parse(rows: rows))
    }

    /// The fields, chosen by `options.model` where one is set (the hand rules' choices otherwise).
    public func parse(rows: [TextRow]) -> ParsedReceipt {
        let (receipt, candidates) = read(rows: rows)
        guard let model = options.model else { return receipt }
        return model.choose(candidates, over: receipt)
    }

    /// What the hand rules read, and every candidate for the learned ranker with its features (the rules'
    /// choices among them as features): what `parse` chooses from, and what training learns from.
    public func read(rows: [TextRow]) -> (receipt: ParsedReceipt, candidates: ReceiptCandidates) {
        var receipt = ParsedReceipt()
        var candidates = ReceiptCandidates()
        let (currency, basis) = CurrencyDetector().detectWithBasis(rows, defaultCode: options.defaultCurrency,
                                                                        infer: options.infersCurrency)
        receipt.currency = currency
        receipt.currencyBasis = basis
        // Printed figures are read with two decimals; currencies without minor units are out of scope for now.
        let code = (try? Currency(code: currency.value)).flatMap { $0.minorDigits == 2 ? $0 : nil } ?? Currency(uncheckedCode: options.defaultCurrency, minorDigits: 2)
        let scanner = AmountScanner(currency: code)
        let amounts = rows.map { scanner.amounts(in: $0.text, row: $0.index) }
        // Keywords are looked up once per row: the total and the line items both ask every row its role.
        let matchers = rows.map { KeywordMatcher($0.text) }
        let roles = matchers.map { TotalExtractor().role(of: $0) }
        TotalExtractor().extract(rows: rows, matchers: matchers, roles: roles, amounts: amounts, scanner: scanner, into: &receipt,
                                 candidates: &candidates.total)
        // Month-first only for US dollars, and only when the receipt says so clearly (OCR turns S into $) or names a
        // US address (a state and its ZIP code).
        let dayFirst = options.dayFirst ?? !(currency.value == "USD"
            && (currency.confidence >= 0.9 || options.defaultCurrency == "USD" || basis == .inferred || basis == .corroborated))
        DateExtractor(dayFirst: dayFirst).extract(rows: rows, into: &receipt, candidates: &candidates.date)
        // The header ends where the first amount or the date appears.
        let firstAmountRow = amounts.firstIndex { !$0.isEmpty }
        let stop = [firstAmountRow, receipt.date?.rows.first].compactMap { $0 }.min()
        MerchantExtractor().extract(rows: rows, stopRow: stop.map { max($0, 3) }, into: &receipt, candidates: &candidates.merchant)
        TimeExtractor().extract(rows: rows, dateRows: receipt.date?.rows ?? [], into: &receipt)
        let header = Set([receipt.merchant?.rows, receipt.date?.rows, receipt.time?.rows].compactMap { $0 }.flatMap { $0 })
        LineItemExtractor().extract(rows: rows, matchers: matchers, roles: roles, amounts: amounts, scanner: scanner, headerRows: header, into: &receipt)
        return (receipt, candidates)
    }
}
