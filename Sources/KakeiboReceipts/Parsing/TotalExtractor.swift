/// Finds the total and the amounts that cross-check it (subtotal, tax, rounding, discount, cash, change).
///
/// Rather than trusting the first `TOTAL` row, every candidate is scored by its keyword and by how
/// many invariants it satisfies: subtotal + tax + rounding − discount = total, cash − change = total,
/// and how often the same figure recurs on the receipt.
struct TotalExtractor: Sendable {
    enum Role: CaseIterable {
        case total, subtotal, tax, rounding, discount, cash, change
    }

    /// A figure that could be the total; `weight` is how strongly its label says so (a score, not money).
    struct Candidate {
        var value: Int64
        var weight: Double
        var rows: [Int]
    }

    struct Labelled {
        var role: Role
        var weight: Double
        var amount: AmountToken
    }

    static let notTotal = ["SUB", "SUBTOTAL", "QTY", "QUANTITY", "ITEM", "ITEMS", "EXCL", "EXCLUDED", "EXCLUDING", "SAVING", "SAVINGS", "DISCOUNT", "POINTS", "WEIGHT", "NO", "PCS", "UNITS"]

    func role(of matcher: KeywordMatcher) -> (Role, Double)? {
        let totalWord = matcher.containsAny(["TOTAL", "TTL"])
        if matcher.containsAny(["SUBTOTAL", "SUB TOTAL"]) || (totalWord && matcher.containsAny(["EXCL", "EXCLUDED", "EXCLUDING", "BEFORE"])) {
            return (.subtotal, 1)
        }
        if matcher.containsAny(["ROUNDING", "ROUND", "ROUNDED ADJ", "ADJUSTMENT", "ADJ"]) && !matcher.containsAny(["TOTAL"]) {
            return (.rounding, 1)
        }
        if matcher.containsAny(["CHANGE", "CHANGE DUE", "BAKI"]) { return (.change, 1) }
        if matcher.containsAny(["GRAND TOTAL", "AMOUNT DUE", "AMOUNT PAYABLE", "NETT TOTAL", "NET TOTAL", "TOTAL AMOUNT", "BALANCE DUE", "TOTAL PAYABLE", "ROUNDED TOTAL", "TOTAL ROUNDED", "TOTAL SALES"]) {
            return (.total, 3)
        }
        if totalWord {
            if matcher.containsAny(["GST", "SST", "VAT", "TAX"]) && !matcher.containsAny(["INCL", "INCLUSIVE", "INCLUDING", "INCLUDED", "INC"]) {
                return (.tax, 1)
            }
            if Self.notTotal.contains(where: { matcher.contains($0) }) { return nil }
            return (.total, matcher.containsAny(["INCL", "INCLUSIVE", "INCLUDING", "INCLUDED", "RM", "NETT", "NET"]) ? 3 : 2.5)
        }
        if matcher.containsAny(["GST", "SST", "VAT", "TAX"]) && !matcher.containsAny(["REG", "NO", "ID", "INVOICE", "SUMMARY", "CODE"]) {
            return (.tax, 1)
        }
        if matcher.containsAny(["DISCOUNT", "DISC"]) { return (.discount, 1) }
        if matcher.containsAny(["CASH", "TENDERED", "TENDER", "PAYMENT", "PAID", "VISA", "MASTERCARD", "CARD", "DEBIT", "CREDIT"]) { return (.cash, 1) }
        if matcher.containsAny(["NETT", "AMOUNT", "AMT", "JUMLAH", "BALANCE"]) { return (.total, 1) }
        return nil
    }

    func extract(rows: [TextRow], amounts: [[AmountToken]], into receipt: inout ParsedReceipt) {
        var labelled: [Labelled] = []
        for row in rows {
            let matcher = KeywordMatcher(row.text)
            guard let (role, weight) = role(of: matcher) else { continue }
            // The value sits at the right of its label, or on the next row when OCR split them.
            if let last = amounts[row.index].last {
                labelled.append(Labelled(role: role, weight: weight, amount: last))
            } else if row.index + 1 < rows.count, let next = amounts[row.index + 1].last,
                      self.role(of: KeywordMatcher(rows[row.index + 1].text)) == nil {
                labelled.append(Labelled(role: role, weight: weight * 0.8, amount: next))
            }
        }
        func first(_ role: Role) -> Labelled? { labelled.last { $0.role == role } }
        let subtotal = first(.subtotal), tax = first(.tax), rounding = first(.rounding)
        let discount = first(.discount), cash = first(.cash), change = first(.change)

        let all = amounts.flatMap { $0 }
        var occurrences: [Int64: Int] = [:]
        for token in all { occurrences[token.minorUnits, default: 0] += 1 }
        let largest = all.filter { token in token.minorUnits > 0 && !labelled.contains { ($0.role == .cash || $0.role == .change) && $0.amount == token } }
            .map(\.minorUnits).max()

        // Every labelled total is a candidate; so is every amount, with no keyword weight.
        let labelledTotals = labelled.filter { $0.role == .total && $0.amount.minorUnits != 0 }
        var candidates: [Candidate] = labelledTotals.map { Candidate(value: $0.amount.minorUnits, weight: $0.weight, rows: [$0.amount.row]) }
        for token in all where token.minorUnits > 0 && !candidates.contains(where: { $0.value == token.minorUnits }) {
            candidates.append(Candidate(value: token.minorUnits, weight: 0, rows: [token.row]))
        }
        var best: (value: Int64, score: Double, checks: Int, rows: [Int])?
        for candidate in candidates {
            var checks = 0
            var rowsCited = candidate.rows
            if let cash, let change, cash.amount.minorUnits - abs(change.amount.minorUnits) == candidate.value {
                checks += 1
                rowsCited += [cash.amount.row, change.amount.row]
            } else if let cash, change == nil || change?.amount.minorUnits == 0, cash.amount.minorUnits == candidate.value {
                checks += 1
                rowsCited.append(cash.amount.row)
            }
            if let subtotal {
                let sum = subtotal.amount.minorUnits + (tax?.amount.minorUnits ?? 0) + (rounding?.amount.minorUnits ?? 0) - abs(discount?.amount.minorUnits ?? 0)
                if sum == candidate.value || subtotal.amount.minorUnits + (rounding?.amount.minorUnits ?? 0) == candidate.value {
                    checks += 1
                    rowsCited.append(subtotal.amount.row)
                }
            }
            let repeats = Double(min((occurrences[candidate.value] ?? 1) - 1, 3))
            var score = candidate.weight + Double(checks) * 1.5 + repeats * 0.4
            if candidate.value == largest { score += 0.8 }
            // Later labelled totals are usually the final, rounded figure.
            score += Double(candidate.rows.first ?? 0) / Double(max(rows.count, 1)) * 0.2
            if best == nil || score > best!.score {
                best = (candidate.value, score, checks, rowsCited)
            }
        }
        if let best, best.score >= 0.8 {
            let ocr = best.rows.compactMap { index in rows.first { $0.index == index }?.meanConfidence }.min() ?? 0.5
            var confidence = 0.35 + 0.12 * min(best.score, 4) + 0.1 * Double(best.checks)
            confidence *= 0.6 + 0.4 * ocr
            // With a non-zero rounding line, the figure before rounding and the one after are both "the total".
            if let rounding, rounding.amount.minorUnits != 0 { confidence *= 0.8 }
            receipt.total = ReceiptField(value: best.value, confidence: confidence, rows: Array(Set(best.rows)).sorted())
        } else {
            receipt.warnings.append("no total found")
        }
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
}
