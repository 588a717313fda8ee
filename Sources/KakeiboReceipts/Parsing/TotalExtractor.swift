/// Finds the total and the amounts that cross-check it (subtotal, service charge, tax, rounding, discount, cash, change).
///
/// Rather than trusting the first `TOTAL` row, every candidate is scored by its keyword and by how
/// many invariants it satisfies: subtotal + service + tax + rounding − discount = total, cash − change = total,
/// and how often the same figure recurs on the receipt. The total is what was paid: after a rounding line,
/// the rounded figure wins over the one above it.
struct TotalExtractor: Sendable {
    enum Role: CaseIterable {
        case total, subtotal, service, tax, rounding, discount, cash, change
    }

    /// What a row's words say its figure is, and how strongly, in tenths: 30 for `GRAND TOTAL`, 10 for a plain
    /// `CASH`. An integer score for ranking candidates, not an amount.
    struct Label {
        var role: Role
        var strength: Int
    }

    /// A figure that could be the total; `strength` is how strongly its label says so (0: no label).
    struct Candidate {
        var value: Int64
        var strength: Int
        var rows: [Int]
        /// Computed from other figures (a total plus its rounding, or the invariant sum), not printed as such.
        var derived = false
        /// A labelled figure with a non-zero rounding line below it: the amount before rounding.
        var beforeRounding = false
        /// The label sits on the row above or below the figure (OCR split them).
        var fromNeighbour = false
        /// The figure is the last one on its row.
        var rightmost = true
    }

    struct Labelled {
        var role: Role
        var strength: Int
        var amount: AmountToken
        var fromNeighbour = false
    }

    static let notTotal: [Keyword] = ["SUB", "SUBTOTAL", "QTY", "QUANTITY", "ITEM", "ITEMS", "EXCL", "EXCLUDED", "EXCLUDING", "SAVING", "SAVINGS", "DISCOUNT", "POINTS", "WEIGHT", "NO", "PCS", "UNITS"]
    static let strongTotal: [Keyword] = ["GRAND TOTAL", "AMOUNT DUE", "AMOUNT PAYABLE", "NETT TOTAL", "NET TOTAL", "TOTAL AMOUNT", "BALANCE DUE", "TOTAL PAYABLE", "TOTAL DUE", "ROUNDED TOTAL", "TOTAL ROUNDED", "TOTAL SALES"]

    /// The words `role(of:)` reads a label by.
    enum Words {
        static let total: [Keyword] = ["TOTAL", "TTL"]
        static let totalOnly: [Keyword] = ["TOTAL"]
        static let subtotal: [Keyword] = ["SUBTOTAL", "SUB TOTAL"]
        static let excluding: [Keyword] = ["EXCL", "EXCLUDED", "EXCLUDING", "BEFORE"]
        static let rounding: [Keyword] = ["ROUNDING", "ROUND", "ROUNDED ADJ", "ADJUSTMENT", "ADJ"]
        static let service: [Keyword] = ["SERVICE", "SERV", "SRV", "SVC"]
        static let charge: [Keyword] = ["CHARGE", "CHG", "CHRG"]
        static let change: [Keyword] = ["CHANGE", "CHANGE DUE", "BAKI"]
        static let tax: [Keyword] = ["GST", "SST", "VAT", "TAX"]
        static let including: [Keyword] = ["INCL", "INCLUSIVE", "INCLUDING", "INCLUDED", "INC"]
        static let finalTotal: [Keyword] = ["INCL", "INCLUSIVE", "INCLUDING", "INCLUDED", "RM", "NETT", "NET"]
        static let taxNotice: [Keyword] = ["REG", "NO", "ID", "INVOICE", "SUMMARY", "CODE"]
        static let discount: [Keyword] = ["DISCOUNT", "DISC"]
        static let payment: [Keyword] = ["CASH", "TENDERED", "TENDER", "PAYMENT", "PAID", "VISA", "MASTERCARD", "CARD", "DEBIT", "CREDIT"]
        static let amount: [Keyword] = ["NETT", "AMOUNT", "AMT", "JUMLAH", "BALANCE"]
    }

    func role(of matcher: KeywordMatcher) -> Label? {
        let totalWord = matcher.containsAny(Words.total)
        if matcher.containsAny(Words.subtotal) || (totalWord && matcher.containsAny(Words.excluding)) {
            return Label(role: .subtotal, strength: 10)
        }
        if matcher.containsAny(Words.rounding) && !matcher.containsAny(Words.totalOnly) {
            return Label(role: .rounding, strength: 10)
        }
        // Checked before CHANGE, one edit away from CHARGE.
        if matcher.containsAny(Words.service), !totalWord, matcher.containsAny(Words.charge) || matcher.words.contains("SVC") {
            return Label(role: .service, strength: 10)
        }
        if matcher.containsAny(Words.change) { return Label(role: .change, strength: 10) }
        if matcher.containsAny(Self.strongTotal) {
            return Label(role: .total, strength: 30)
        }
        if totalWord {
            if matcher.containsAny(Words.tax) && !matcher.containsAny(Words.including) {
                return Label(role: .tax, strength: 10)
            }
            if matcher.containsAny(Self.notTotal) { return nil }
            return Label(role: .total, strength: matcher.containsAny(Words.finalTotal) ? 30 : 25)
        }
        if matcher.containsAny(Words.tax) && !matcher.containsAny(Words.taxNotice) {
            return Label(role: .tax, strength: 10)
        }
        if matcher.containsAny(Words.discount) { return Label(role: .discount, strength: 10) }
        if matcher.containsAny(Words.payment) { return Label(role: .cash, strength: 10) }
        if matcher.containsAny(Words.amount) { return Label(role: .total, strength: 10) }
        return nil
    }

    /// `roles` are `role(of:)` for each row's text, by position (the parser works them out once for every extractor).
    func extract(rows: [TextRow], matchers: [KeywordMatcher], roles: [Label?], amounts: [[AmountToken]], scanner: AmountScanner,
                 into receipt: inout ParsedReceipt, candidates found: inout [FieldCandidate<Int64>]) {
        var labelled: [Labelled] = []
        var extraAmounts: [AmountToken] = []
        var roundingRows: [Int] = []
        for (position, row) in rows.enumerated() {
            guard let label = roles[position] else { continue }
            let role = label.role
            if role == .rounding { roundingRows.append(row.index) }
            // The value sits at the right of its label, or on the next row when OCR split them (for a total, the previous
            // row too: a figure printed larger sits higher).
            if let last = amounts[row.index].last {
                labelled.append(Labelled(role: role, strength: label.strength, amount: last))
                continue
            }
            let neighbours = (role == .total ? [row.index + 1, row.index - 1] : [row.index + 1]).filter { rows.indices.contains($0) && roles[$0] == nil }
            if let next = neighbours.lazy.compactMap({ amounts[$0].last }).first {
                labelled.append(Labelled(role: role, strength: label.strength * 8 / 10, amount: next, fromNeighbour: true))
            } else if role == .total, let next = neighbours.lazy.compactMap({ scanner.oneDecimalAmounts(in: rows[$0].text, row: $0).last }).first {
                // `NET TOTAL` beside a lone `174.9`: the figure lost a trailing zero.
                labelled.append(Labelled(role: role, strength: label.strength * 6 / 10, amount: next, fromNeighbour: true))
                extraAmounts.append(next)
            }
        }
        func last(_ role: Role) -> Labelled? { labelled.last { $0.role == role } }
        let subtotal = last(.subtotal), service = last(.service), rounding = last(.rounding)
        let discount = last(.discount), cash = last(.cash), change = last(.change)
        // A tax as large as the subtotal is a misread total or a taxable amount, not a tax.
        let tax = last(.tax).flatMap { tax in subtotal.map { tax.amount.minorUnits < $0.amount.minorUnits } ?? true ? tax : nil }
        let step = receipt.currency.flatMap { CashRounding.step(for: $0.value) }
        // A rounding amount is a few minor units; anything larger is a misread.
        let roundingLimit = step.map { $0 / 2 } ?? 49
        let roundingValue = rounding.map(\.amount.minorUnits).flatMap { abs($0) <= roundingLimit ? $0 : nil }
        // A rounding line whose amount OCR lost: the sum lands on the currency's cash step. Such a line sits just under
        // a total; `ADJUSTMENT` in a footer's small print, far below, is no rounding.
        let unreadableRounding = roundingRows.last.flatMap { row in
            rounding?.amount.row == row || !labelled.contains { $0.role == .total && (row - 3..<row).contains($0.amount.row) } ? nil : step
        }

        let all = amounts.flatMap { $0 } + extraAmounts
        var occurrences: [Int64: Int] = [:]
        for token in all { occurrences[token.minorUnits, default: 0] += 1 }
        let largest = all.filter { token in token.minorUnits > 0 && !labelled.contains { ($0.role == .cash || $0.role == .change) && $0.amount == token } }
            .map(\.minorUnits).max()

        // Every labelled total is a candidate; so is every amount, with no keyword strength.
        let labelledTotals = labelled.filter { $0.role == .total && $0.amount.minorUnits != 0 }
        var candidates: [Candidate] = labelledTotals.map {
            Candidate(value: $0.amount.minorUnits, strength: $0.strength, rows: [$0.amount.row], fromNeighbour: $0.fromNeighbour)
        }
        for token in all where token.minorUnits > 0 && !candidates.contains(where: { $0.value == token.minorUnits }) {
            let rightmost = amounts.indices.contains(token.row) ? amounts[token.row].last == token : true
            candidates.append(Candidate(value: token.minorUnits, strength: 0, rows: [token.row], rightmost: rightmost))
        }
        // What was paid is the figure after rounding: a labelled total above a rounding line yields its rounded sibling.
        if let roundingRow = roundingRows.last {
            for total in labelledTotals where total.amount.row < roundingRow {
                let after: Int64?
                if let roundingValue, rounding?.amount.row == roundingRow {
                    after = roundingValue == 0 ? nil : total.amount.minorUnits + roundingValue
                } else if let step = unreadableRounding, total.amount.minorUnits % step != 0 {
                    // The rounding line is there but its amount is unreadable: the currency's cash step says where it lands.
                    after = CashRounding.rounded(total.amount.minorUnits, step: step)
                } else {
                    after = nil
                }
                guard let after, after > 0 else { continue }
                for index in candidates.indices where candidates[index].value == total.amount.minorUnits && candidates[index].strength > 0 {
                    candidates[index].beforeRounding = true
                }
                let rowsCited = [total.amount.row, roundingRow]
                if let index = candidates.firstIndex(where: { $0.value == after }) {
                    candidates[index].strength = max(candidates[index].strength, total.strength)
                    candidates[index].rows += rowsCited
                } else {
                    candidates.append(Candidate(value: after, strength: total.strength, rows: rowsCited, derived: true))
                }
            }
        }
        let invariantSum = subtotal.map { $0.amount.minorUnits + (service?.amount.minorUnits ?? 0) + (tax?.amount.minorUnits ?? 0) + (roundingValue ?? 0) - abs(discount?.amount.minorUnits ?? 0) }
        // A poorly read labelled total one digit away from the sum of better-read figures is that sum, misread.
        if let invariantSum, let subtotal, invariantSum > 0, !candidates.contains(where: { $0.value == invariantSum && $0.strength > 0 }) {
            let parts = [subtotal, service, tax, rounding].compactMap { $0 }.map(\.amount.row)
            let partsConfidence = parts.compactMap { index in rows.first { $0.index == index }?.meanConfidence }.min() ?? 0
            if let misread = candidates.filter({ $0.strength > 0 && !$0.derived && Self.differInOneDigit($0.value, invariantSum) }).max(by: { $0.strength < $1.strength }),
               let row = misread.rows.first, let confidence = rows.first(where: { $0.index == row })?.meanConfidence, confidence < partsConfidence {
                candidates.removeAll { $0.value == invariantSum }
                candidates.append(Candidate(value: invariantSum, strength: misread.strength, rows: [row] + parts, derived: true))
            }
        }
        var best: (value: Int64, score: Double, checks: Int, rows: [Int], derived: Bool)?
        var described: [(candidate: Candidate, score: Double, cashCheck: Bool, subtotalCheck: Bool)] = []
        for candidate in candidates {
            var checks = 0
            var rowsCited = candidate.rows
            var cashCheck = false, subtotalCheck = false
            if let cash, let change, cash.amount.minorUnits - abs(change.amount.minorUnits) == candidate.value {
                checks += 1
                cashCheck = true
                rowsCited += [cash.amount.row, change.amount.row]
            } else if let cash, change == nil || change?.amount.minorUnits == 0, cash.amount.minorUnits == candidate.value {
                checks += 1
                cashCheck = true
                rowsCited.append(cash.amount.row)
            }
            if let subtotal, let invariantSum {
                // The subtotal itself only counts as the total when nothing is added below it, or a label says so.
                let nothingAdded = [tax, service].allSatisfy { ($0?.amount.minorUnits ?? 0) == 0 || $0!.amount.row < subtotal.amount.row }
                if invariantSum == candidate.value || unreadableRounding.map({ CashRounding.rounded(invariantSum, step: $0) }) == candidate.value
                    || ((nothingAdded || candidate.strength > 0) && subtotal.amount.minorUnits + (roundingValue ?? 0) == candidate.value) {
                    checks += 1
                    subtotalCheck = true
                    rowsCited.append(subtotal.amount.row)
                }
            }
            let repeats = Double(min((occurrences[candidate.value] ?? 1) - 1, 3))
            var score = Double(candidate.strength) / 10 + Double(checks) * 1.5 + repeats * 0.4
            if candidate.value == largest { score += 0.8 }
            if candidate.beforeRounding { score -= 1.5 }
            // Later labelled totals are usually the final, rounded figure.
            score += Double(candidate.rows.first ?? 0) / Double(max(rows.count, 1)) * 0.2
            described.append((candidate, score, cashCheck, subtotalCheck))
            if best == nil || score > best!.score {
                best = (candidate.value, score, checks, rowsCited, candidate.derived)
            }
        }
        if let best, best.score >= 0.8 {
            let ocr = best.rows.compactMap { index in rows.first { $0.index == index }?.meanConfidence }.min() ?? 0.5
            var confidence = 0.35 + 0.12 * min(best.score, 4) + 0.1 * Double(best.checks)
            confidence *= 0.6 + 0.4 * ocr
            // With a non-zero rounding line, the figure before rounding and the one after are both "the total".
            if let roundingValue, roundingValue != 0 { confidence *= 0.8 }
            // A label alone, with nothing on the receipt agreeing, is one OCR reading away from wrong.
            if best.checks == 0 && (occurrences[best.value] ?? 0) < 2 { confidence *= 0.85 }
            // A figure nobody printed legibly is a good guess, never a sure one.
            if best.derived { confidence = min(confidence, 0.7) }
            receipt.total = ReceiptField(value: best.value, confidence: confidence, rows: Array(Set(best.rows)).sorted())
        } else {
            receipt.warnings.append("no total found")
        }
        found = features(described, best: best?.value, rows: rows, matchers: matchers, roles: roles, labelled: labelled, largest: largest,
                         occurrences: occurrences, amounts: all)
        func field(_ item: Labelled?) -> ReceiptField<Int64>? {
            item.map { ReceiptField(value: $0.amount.minorUnits, confidence: 0.6, rows: [$0.amount.row]) }
        }
        receipt.subtotal = field(subtotal)
        receipt.tax = field(tax)
        receipt.rounding = field(rounding)
        receipt.discount = field(discount)
        receipt.cash = field(cash)
        receipt.change = field(change)
    }

    /// Describes every candidate for the learned ranker (`FeatureSet.total`, in that order).
    private func features(_ described: [(candidate: Candidate, score: Double, cashCheck: Bool, subtotalCheck: Bool)], best: Int64?,
                          rows: [TextRow], matchers: [KeywordMatcher], roles: [Label?], labelled: [Labelled], largest: Int64?,
                          occurrences: [Int64: Int], amounts: [AmountToken]) -> [FieldCandidate<Int64>] {
        let heights = RowGeometry(rows)
        let labelledTotals = labelled.filter { $0.role == .total }
        let totalRows = labelledTotals.map(\.amount.row)
        let largestLabelled = labelledTotals.map(\.amount.minorUnits).max()
        let lastLabelledRow = totalRows.max()
        let count = Double(max(rows.count, 1))
        // A tax summary (`GST SUMMARY`, `TAX CODE  %  AMOUNT  TAX`) prints column sums after the total, each on a `TOTAL` row.
        let summaryRow = matchers.firstIndex { $0.containsAny(Self.taxSummary) }
        let rowsByValue = Dictionary(grouping: amounts, by: \.minorUnits).mapValues { $0.map(\.row) }
        let figuresPerRow = Dictionary(grouping: amounts, by: \.row).mapValues(\.count)
        let totalFigures = labelledTotals.map(\.amount)
        return described.map { item in
            let candidate = item.candidate
            let row = candidate.rows.first ?? 0
            let role = rows.indices.contains(row) ? roles[row]?.role : nil
            let nearestLabel = totalRows.map { abs($0 - row) }.min().map { Double($0) / count } ?? 1
            let upper = rows.indices.contains(row) ? rows[row].text.uppercased() : ""
            let summand = Self.summandOfLater(candidate.value, at: row, totals: totalFigures, rowsByValue: rowsByValue)
            let exactWord = role == .total && upper.split(separator: " ").contains { $0.hasPrefix("TOTAL") || $0.hasSuffix("TOTAL") }
            let features: [(String, Double)] = [
                ("label_strength", Double(candidate.strength) / 10),
                ("label_from_neighbour", candidate.fromNeighbour ? 1 : 0),
                ("role_total", role == .total ? 1 : 0),
                ("role_subtotal", role == .subtotal ? 1 : 0),
                ("role_tax", role == .tax ? 1 : 0),
                ("role_cash", role == .cash ? 1 : 0),
                ("role_change", role == .change ? 1 : 0),
                ("role_rounding", role == .rounding ? 1 : 0),
                ("role_other", role == .service || role == .discount ? 1 : 0),
                ("unlabelled", role == nil ? 1 : 0),
                ("cash_change_check", item.cashCheck ? 1 : 0),
                ("subtotal_check", item.subtotalCheck && !summand ? 1 : 0),
                ("repeats", Double(min((occurrences[candidate.value] ?? 1) - 1, 3))),
                ("largest", candidate.value == largest ? 1 : 0),
                ("before_rounding", candidate.beforeRounding ? 1 : 0),
                ("derived", candidate.derived ? 1 : 0),
                ("relative_row", Double(row) / count),
                // A derived figure rests on the figures it was worked out from, not on the misread row it replaces.
                ("ocr", candidate.derived ? candidate.rows.filter(rows.indices.contains).map { rows[$0].meanConfidence }.max() ?? 0.5
                    : rows.indices.contains(row) ? rows[row].meanConfidence : 0.5),
                ("height_ratio", heights.ratio(row)),
                ("rows_to_total_label", nearestLabel),
                ("rightmost", candidate.rightmost ? 1 : 0),
                ("rule_score", max(min(item.score, 6), -2) / 4),
                ("rule_pick", candidate.value == best ? 1 : 0),
                ("exact_total_word", exactWord ? 1 : 0),
            ] + labelWords(around: row, neighbours: candidate.fromNeighbour, matchers: matchers) + [
                ("largest_labelled", candidate.strength > 0 && candidate.value == largestLabelled ? 1 : 0),
                ("last_labelled", candidate.strength > 0 && row == lastLabelledRow ? 1 : 0),
                ("sum_of_two_above", Self.sumOfTwo(candidate.value, above: row, in: amounts) ? 1 : 0),
                // A rounding line's 0.01 or a tax is a sliver of the largest figure; a total is most of it.
                ("share_of_largest", largest.map { Double(min(max(candidate.value, 0), $0)) / Double(max($0, 1)) } ?? 1),
                ("summand_of_later", summand ? 1 : 0),
                ("below_tax_summary", summaryRow.map { row > $0 } ?? false ? 1 : 0),
                ("row_of_figures", (figuresPerRow[row] ?? 0) > 1 ? 1 : 0),
            ]
            return FieldCandidate(value: candidate.value, rows: candidate.rows, named: features)
        }
    }

    /// Which kind of total the label names, on the figure's row (and the rows beside it when the label was there):
    /// grand, payable or due, net, tax-inclusive, rounded, tendered. Words any receipt may print, never a shop's.
    /// Reads the row matchers the parser made once per row.
    private func labelWords(around row: Int, neighbours: Bool, matchers: [KeywordMatcher]) -> [(String, Double)] {
        let near = (neighbours ? [row - 1, row, row + 1] : [row]).filter(matchers.indices.contains).map { matchers[$0] }
        return Self.kinds.map { kind in (kind.feature, near.contains { $0.containsAny(kind.words) } ? 1 : 0) }
    }

    static let taxSummary: [Keyword] = ["GST SUMMARY", "TAX SUMMARY", "SST SUMMARY", "VAT SUMMARY", "TAX CODE", "TAXCODE", "GST CODE"]

    static let kinds: [(feature: String, words: [Keyword])] = [
        ("label_grand", ["GRAND"]), ("label_payable", ["PAYABLE", "DUE", "PAY"]), ("label_net", ["NETT", "NET"]),
        ("label_inclusive", ["INCL", "INCLUSIVE", "INCLUDING", "INC"]), ("label_rounded", ["ROUNDED", "ROUNDING", "ROUND"]),
        ("label_tendered", ["TENDERED", "TENDER", "RECEIVED", "PAID"]),
    ]

    /// The figure is the sum of two figures printed above it (`22.99` + `16.79` = `39.78`, or `39.01` + `-18.80` =
    /// `20.21` with a return): a total over subtotals.
    static func sumOfTwo(_ value: Int64, above row: Int, in amounts: [AmountToken]) -> Bool {
        let above = amounts.filter { $0.row < row && $0.minorUnits != 0 && $0.minorUnits != value }.map(\.minorUnits)
        var seen: [Int64: Int] = [:]
        for amount in above { seen[amount, default: 0] += 1 }
        return above.contains { amount in
            let rest = value - amount
            return rest == amount ? (seen[rest] ?? 0) >= 2 : seen[rest] != nil
        }
    }

    /// A labelled total printed below is this one plus another figure printed above it (`13.74` with `39.40` above
    /// and `53.14` below, or `15.52` with returns of `-9.62` and `5.90` below): this is part of a sum, a subtotal or
    /// a section's total, not what was paid.
    /// `rowsByValue`: the rows each printed figure appears on.
    static func summandOfLater(_ value: Int64, at row: Int, totals: [AmountToken], rowsByValue: [Int64: [Int]]) -> Bool {
        guard value > 0 else { return false }
        return totals.contains { later in
            guard later.row > row, later.minorUnits != value else { return false }
            let (rest, overflow) = later.minorUnits.subtractingReportingOverflow(value)
            guard !overflow else { return false }
            return rowsByValue[rest]?.contains { $0 < later.row && !($0 == row && rest == value) } ?? false
        }
    }

    /// `11246` and `11245`: same number of digits, exactly one differs (OCR's 5/6, 3/8 confusions).
    static func differInOneDigit(_ a: Int64, _ b: Int64) -> Bool {
        let x = Array(String(a)), y = Array(String(b))
        return x.count == y.count && zip(x, y).filter { $0 != $1 }.count == 1
    }
}
