import Foundation
import KakeiboDomain

extension JournalReader {
    /// A posting with its amount known: as written, filled in, or added by a rule.
    typealias FilledPosting = (posting: PendingPosting, amount: Money)

    // MARK: - Reading rules

    /// `= QUERY`: the header of an automated posting rule; its postings follow, indented.
    mutating func readAutoRuleHeader(_ line: Substring, location: SourceLocation) throws(ImportError) {
        let text = line.prefix { $0 != ";" }.trimmingSpaces()
        let query = try Self.autoQuery(text.dropFirst().trimmingSpaces(), at: location.at(column: 2))
        openDirective = .autoRule
        // A rule read on an earlier pass is already known (see `Settings.autoRules`): applied to
        // every transaction from the first, as hledger applies it wherever it is written.
        if let known = knownAutoRules, !known.isEmpty {
            autoRuleIndex += 1
            return
        }
        autoRules.append(AutoPostingRule(text: String(text), location: location.withoutText, query: query))
        if transactionCount > 0 { autoRuleAfterTransactions = true }
    }

    /// `    (liabilities:tax)  *0.33  ; income tax`: one posting of the open rule.
    mutating func readAutoRulePosting(_ content: Substring, location: SourceLocation, column: Int) throws(ImportError) {
        var rest = content
        if let f = rest.first, f == "*" || f == "!" { rest = rest.dropFirst().trimmingSpaces() }
        var comment: String?
        if let semicolon = rest.firstIndex(of: ";") {
            comment = try cleanText(rest[rest.index(after: semicolon)...], at: location)
            rest = rest[..<semicolon].trimmingSpaces()
        }
        var accountText = rest
        var amountText = rest[rest.endIndex...]
        if let gap = rest.range(of: "  ") ?? rest.range(of: "\t") {
            accountText = rest[..<gap.lowerBound]
            amountText = rest[gap.upperBound...].trimmingSpaces()
        }
        var virtual: PostingVirtuality?
        if let f = accountText.first, f == "(" || f == "[", accountText.count > 2, accountText.last == (f == "(" ? ")" : "]") {
            virtual = f == "(" ? .unbalanced : .balanced
            accountText = accountText.dropFirst().dropLast()
        }
        let account = try accountName(accountText, at: location.at(column: column))
        let at = location.at(column: column + content.distance(from: content.startIndex, to: amountText.startIndex))
        if amountText.contains("@") || amountText.contains("=") {
            throw .unsupported(at, found: "a cost or an assertion in an auto posting rule",
                               hint: "write the rule's amount alone, as *FACTOR or an amount")
        }
        let amount: AutoPostingRule.Amount
        if amountText.first == "*" {
            let factorText = amountText.dropFirst().trimmingSpaces()
            if let plain = try? ExactDecimal(parsing: String(factorText)) {
                amount = .multiplier(plain, commodity: nil)
            } else {
                let parts = try AmountSyntax.split(factorText, at: at, defaultCommodity: amounts.defaultCommodity)
                let commodity = try amounts.commodity(parts.commodity, number: nil, at: at)
                let number = parts.number.filter { $0 != "," }
                guard let factor = try? ExactDecimal(parsing: (parts.negative ? "-" : "") + number) else {
                    throw .syntax(at, expected: "a factor such as *0.33 or *$100", found: "\"\(amountText)\"")
                }
                amount = .multiplier(factor, commodity: commodity)
            }
        } else if amountText.isEmpty {
            amount = .elided
        } else {
            amount = .fixed(try amounts.amount(amountText, at: at))
        }
        // Rules read on an earlier pass are kept whole; this pass only walks past their lines.
        if let known = knownAutoRules, !known.isEmpty { return }
        autoRules[autoRules.count - 1].postings.append(.init(location: location.at(column: column).withoutText, account: account,
                                                             virtual: virtual, amount: amount, comment: comment))
    }

    /// hledger's query terms: `acct:`, `desc:`/`payee:`, `cur:`, `amt:`, `tag:`, `not:`, and a
    /// bare word for an account; all case-insensitive regular expressions.
    static func autoQuery(_ text: Substring, at location: SourceLocation) throws(ImportError) -> AutoPostingQuery {
        var query = AutoPostingQuery()
        for word in queryWords(text) {
            query.terms.append(try queryTerm(Substring(word), at: location))
        }
        return query
    }

    static func queryWords(_ text: Substring) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var inWord = false
        for c in text {
            if let q = quote {
                if c == q { quote = nil } else { current.append(c) }
            } else if c == "'" || c == "\"" {
                quote = c; inWord = true
            } else if c == " " || c == "\t" {
                if inWord { words.append(current); current = ""; inWord = false }
            } else {
                current.append(c); inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }

    static func queryTerm(_ word: Substring, at location: SourceLocation) throws(ImportError) -> AutoPostingQuery.Term {
        func regex(_ pattern: Substring, anchored: Bool = false) throws(ImportError) -> NSRegularExpression {
            do {
                return try NSRegularExpression(pattern: anchored ? "^(?:\(pattern))$" : String(pattern), options: [.caseInsensitive])
            } catch {
                throw .syntax(location, expected: "a regular expression", found: "\"\(pattern)\"")
            }
        }
        if word.hasPrefix("not:") { return .not(try queryTerm(word.dropFirst(4), at: location)) }
        if word.hasPrefix("acct:") { return .account(try regex(word.dropFirst(5))) }
        if word.hasPrefix("desc:") || word.hasPrefix("payee:") {
            return .description(try regex(word.drop { $0 != ":" }.dropFirst()))
        }
        if word.hasPrefix("cur:") { return .commodity(try regex(word.dropFirst(4), anchored: true)) }
        if word.hasPrefix("tag:") {
            let body = word.dropFirst(4)
            if let equals = body.firstIndex(of: "=") {
                return .tag(try regex(body[..<equals], anchored: true), value: try regex(body[body.index(after: equals)...]))
            }
            return .tag(try regex(body, anchored: true), value: nil)
        }
        if word.hasPrefix("amt:") {
            var body = word.dropFirst(4)
            var comparison = AutoPostingQuery.Comparison.equal
            for (op, c) in [("<=", AutoPostingQuery.Comparison.lessOrEqual), (">=", .greaterOrEqual), ("<", .less), (">", .greater), ("=", .equal)]
            where body.hasPrefix(op) {
                comparison = c
                body = body.dropFirst(op.count)
                break
            }
            guard let number = try? ExactDecimal(parsing: String(body)) else {
                throw .syntax(location, expected: "amt: with a number, e.g. amt:>50", found: "\"\(word)\"")
            }
            // A sign (or zero) compares signed amounts; otherwise magnitudes, as hledger does.
            let signed = body.first == "-" || body.first == "+" || number.mantissa == 0
            return .amount(comparison, number, signed: signed)
        }
        if let colon = word.firstIndex(of: ":"), ["date", "date2", "status", "real", "depth", "code", "note", "expr"]
            .contains(String(word[..<colon])) {
            throw .unsupported(location, found: "the query term \"\(word)\" in an auto posting rule",
                               hint: "rules here match acct:, desc:, payee:, cur:, amt:, tag: and not: terms")
        }
        return .account(try regex(word))
    }

    // MARK: - Applying rules

    /// The transaction's postings with every rule's postings added after those it matches, the
    /// added ones balanced (an elided one filled in).
    mutating func applyAutoRules(_ filled: [FilledPosting], of txn: PendingTransaction) throws(ImportError) -> [FilledPosting] {
        let description = txn.note.map { "\(txn.payee ?? "") | \($0)" } ?? txn.payee ?? ""
        let transactionTags = UntrustedText.tags(in: txn.comments.joined(separator: ", "))
        var current = filled
        for rule in autoRules {
            // Each rule walks the postings as the rules before it left them, never its own.
            var next: [FilledPosting] = []
            for item in current {
                next.append(item)
                let tags = transactionTags.merging(UntrustedText.tags(in: item.posting.comments.joined(separator: ", "))) { _, p in p }
                let subject = AutoPostingQuery.Subject(account: item.posting.account.rawValue, amount: item.amount,
                                                       description: description, tags: tags)
                guard rule.query.matches(subject) else { continue }
                for posting in rule.postings {
                    var generated = item.posting
                    generated.location = posting.location
                    generated.account = posting.account
                    generated.virtual = posting.virtual
                    generated.writtenAs = nil
                    generated.assertion = nil
                    generated.assigned = false
                    generated.generatedBy = rule.text
                    generated.comments = [[posting.comment, "generated-posting: \(rule.text)"].compactMap { $0 }.joined(separator: ", ")]
                    var amount = Money.zero(item.amount.currency)
                    switch posting.amount {
                    case .fixed(let fixed):
                        amount = fixed
                        generated.cost = nil
                        generated.amount = amount
                    case .multiplier(let factor, let commodity):
                        // The rule may come from an earlier read (rules after transactions), when the
                        // commodity had fewer decimals: it is counted at this read's precision.
                        var into = item.amount.currency
                        if let commodity {
                            into = commodity.isISO ? commodity
                                : try amounts.commodity(commodity.code, number: nil, at: posting.location)
                        }
                        amount = try multiplied(item.amount, by: factor, into: into, at: posting.location)
                        if commodity != nil { generated.cost = nil } else if let cost = item.posting.cost, cost.per == .total {
                            generated.cost = try scaledTotal(cost, by: factor, at: posting.location)
                        }
                        generated.amount = amount
                    case .elided:
                        generated.cost = nil
                        generated.amount = nil
                    }
                    next.append((generated, amount))
                }
            }
            current = next
        }
        let added = Set(current.indices.filter { current[$0].posting.generatedBy != nil })
        return try balanceAdded(current, added: added, at: txn.location)
    }

    /// Fills an added posting that left its amount out, and checks the added postings balance
    /// among themselves (real ones, and `[virtual]` ones apart), as hledger balances them again.
    func balanceAdded(_ postings: [FilledPosting], added: Set<Int>, at location: SourceLocation) throws(ImportError) -> [FilledPosting] {
        guard !added.isEmpty else { return postings }
        var replacementsAt: [Int: [FilledPosting]] = [:]
        for group in [nil, PostingVirtuality.balanced] as [PostingVirtuality?] {
            var sums: [Currency: Int64] = [:]
            var elided: [Int] = []
            for index in added.sorted() where postings[index].posting.virtual == group {
                let item = postings[index]
                if item.posting.amount == nil { elided.append(index); continue }
                var weight = item.amount
                if let cost = item.posting.cost {
                    do { weight = try cost.weight(of: item.amount).weight } catch {
                        throw .invalidAmount(item.posting.location, text: item.amount.description, reason: error.description)
                    }
                }
                let (sum, overflow) = (sums[weight.currency] ?? 0).addingReportingOverflow(weight.minorUnits)
                guard !overflow else { throw .invalidAmount(item.posting.location, text: weight.description, reason: MoneyError.overflow.description) }
                sums[weight.currency] = sum
            }
            let off = sums.filter { $0.value != 0 }.map { Money(minorUnits: $0.value, currency: $0.key) }.sorted { $0.currency < $1.currency }
            if elided.count > 1 {
                throw .unbalanced(postings[elided[1]].posting.location,
                                  detail: "only one posting may leave its amount out; an auto posting rule added a second")
            }
            guard let fill = elided.first else {
                if !off.isEmpty {
                    throw .unbalanced(location, detail: "the postings an auto posting rule added: "
                                      + off.map { "\($0.currency.code) off by \($0.decimalString)" }.joined(separator: ", "))
                }
                continue
            }
            var replacements: [FilledPosting] = []
            for amount in off {
                var posting = postings[fill].posting
                let negated: Money
                do { negated = try amount.negated() } catch {
                    throw .invalidAmount(posting.location, text: amount.description, reason: error.description)
                }
                posting.amount = negated
                replacements.append((posting, negated))
            }
            if !replacements.isEmpty { replacementsAt[fill] = replacements }
        }
        return postings.indices.flatMap { replacementsAt[$0] ?? [postings[$0]] }
    }

    /// `amount × factor` in `commodity`'s minor units, exactly. When the product has more decimals
    /// than a commodity outside the ISO table is stored with (`*1.5` of `1 A` into `B` declared
    /// `0. B`), the stored precision grows: the decimals are noted and the journal read again at
    /// that precision (`JournalReader.read`), as for an amount written with more decimals. An ISO
    /// currency keeps its table's precision, so there it is refused: Kakeibo does not round.
    mutating func multiplied(_ amount: Money, by factor: ExactDecimal, into commodity: Commodity, at location: SourceLocation) throws(ImportError) -> Money {
        let (product, overflow) = amount.minorUnits.multipliedReportingOverflow(by: factor.mantissa)
        let shift = commodity.minorDigits - amount.currency.minorDigits - factor.scale
        var minor = product
        var failed = overflow
        if shift >= 0 {
            for _ in 0..<shift where !failed { (minor, failed) = minor.multipliedReportingOverflow(by: 10) }
        } else {
            for _ in 0..<(-shift) where !failed {
                if minor % 10 != 0 { failed = true } else { minor /= 10 }
            }
        }
        if failed, !overflow, !commodity.isISO {
            // The exact product's decimals: the two scales, less the trailing zeros.
            var (m, scale) = (product, amount.currency.minorDigits + factor.scale)
            while scale > 0, m % 10 == 0 { m /= 10; scale -= 1 }
            if commodity.isBare {
                amounts.bareDigitsSeen = max(amounts.bareDigitsSeen, scale)
            } else {
                amounts.digitsSeen[commodity.code] = max(amounts.digitsSeen[commodity.code] ?? 0, scale)
            }
        }
        guard !failed else {
            let text = "\(ExactDecimal(mantissa: amount.minorUnits, scale: amount.currency.minorDigits)) × \(factor)"
            throw .invalidAmount(location, text: text, reason: overflow ? MoneyError.overflow.description
                                 : "the auto posting's amount has more decimals than \(commodity.code) is stored with (\(commodity.minorDigits)); "
                                   + "Kakeibo does not round")
        }
        return Money(minorUnits: minor, currency: commodity)
    }

    /// `@@ £50` times 0.5 is `@@ £25`: a total cost follows the amount it prices.
    func scaledTotal(_ cost: PostingCost, by factor: ExactDecimal, at location: SourceLocation) throws(ImportError) -> PostingCost {
        let (mantissa, overflow) = cost.value.mantissa.multipliedReportingOverflow(by: factor.mantissa)
        var scale = cost.value.scale + factor.scale
        var m = mantissa
        while scale > 18, m % 10 == 0 { m /= 10; scale -= 1 }
        guard !overflow, scale <= 18 else {
            throw .invalidAmount(location, text: "\(cost.value) × \(factor)", reason: MoneyError.overflow.description)
        }
        var scaled = cost
        scaled.value = ExactDecimal(mantissa: m.magnitude == 0 ? 0 : abs(m), scale: scale)
        return scaled
    }
}
