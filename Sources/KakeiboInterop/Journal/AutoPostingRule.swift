import Foundation
import KakeiboDomain

/// hledger's automated posting rule (a transaction modifier): `= QUERY` and the postings it adds
/// after every posting the query matches.
///
/// Applied as hledger 1.25 applies them with `--auto`: to every transaction of the journal,
/// wherever the rule is written, after the transaction is balanced; each rule sees the postings
/// the rules before it added, never its own; the added postings must balance among themselves,
/// one of them may leave its amount out. They are recorded as ordinary postings whose comment
/// carries hledger's own `generated-posting: = QUERY` tag, so an export is read by hledger (and
/// re-imported) with the same balances and no rule.
/// Sendable by hand: its queries hold `NSRegularExpression`s, which are immutable once made.
struct AutoPostingRule: @unchecked Sendable {
    /// `= ^income` as written: the tag's value.
    var text: String
    var location: SourceLocation
    var query: AutoPostingQuery
    var postings: [Posting] = []

    struct Posting {
        var location: SourceLocation
        var account: AccountName
        var virtual: PostingVirtuality?
        var amount: Amount
        var comment: String?
    }

    enum Amount {
        /// `*0.33`: the matched amount times this, in its commodity and at its cost; `*$100`:
        /// the matched quantity times 100, in dollars, without a cost.
        case multiplier(ExactDecimal, commodity: Commodity?)
        /// `$5`: this amount, whatever was matched.
        case fixed(Money)
        /// Nothing: what balances the other added postings.
        case elided
    }
}

/// A rule's query: hledger's query terms, those of a kind OR'd and the kinds AND'd (1.25).
struct AutoPostingQuery {
    enum Term {
        case account(NSRegularExpression)
        case description(NSRegularExpression)
        case commodity(NSRegularExpression)
        case amount(Comparison, ExactDecimal, signed: Bool)
        case tag(NSRegularExpression, value: NSRegularExpression?)
        indirect case not(Term)

        var kind: Int {
            switch self {
            case .account: 0
            case .description: 1
            case .commodity: 2
            case .amount: 3
            case .tag: 4
            case .not(let term): 10 + term.kind
            }
        }
    }
    enum Comparison { case less, lessOrEqual, equal, greaterOrEqual, greater }
    var terms: [Term] = []

    /// What a posting offers a query: its account, amount, the transaction's description and
    /// both their tags.
    struct Subject {
        var account: String
        var amount: Money
        var description: String
        var tags: [String: String]
    }

    func matches(_ subject: Subject) -> Bool {
        let kinds = Dictionary(grouping: terms, by: \.kind)
        return kinds.values.allSatisfy { group in group.contains { Self.matches($0, subject) } }
    }

    static func matches(_ term: Term, _ s: Subject) -> Bool {
        func found(_ regex: NSRegularExpression, _ text: String) -> Bool {
            regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
        switch term {
        case .account(let regex): return found(regex, s.account)
        case .description(let regex): return found(regex, s.description)
        case .commodity(let regex):
            // `$` is read as USD: either spelling matches.
            let symbols = Commodity.symbols.filter { $0.value == s.amount.currency }.map { String($0.key) }
            return ([s.amount.currency.code] + symbols).contains { found(regex, $0) }
        case .amount(let comparison, let number, let signed):
            var quantity = ExactDecimal(mantissa: s.amount.minorUnits, scale: s.amount.currency.minorDigits)
            if !signed { quantity = ExactDecimal(mantissa: abs(quantity.mantissa), scale: quantity.scale) }
            let order = compare(quantity, number)
            switch comparison {
            case .less: return order < 0
            case .lessOrEqual: return order <= 0
            case .equal: return order == 0
            case .greaterOrEqual: return order >= 0
            case .greater: return order > 0
            }
        case .tag(let name, let value):
            return s.tags.contains { key, v in found(name, key) && (value.map { found($0, v) } ?? true) }
        case .not(let inner): return !matches(inner, s)
        }
    }

    /// -1, 0 or 1, without overflow for the magnitudes a journal holds (18 digits either side).
    static func compare(_ a: ExactDecimal, _ b: ExactDecimal) -> Int {
        let scale = max(a.scale, b.scale)
        func widened(_ d: ExactDecimal) -> (high: Int64, low: UInt64) {
            var factor: Int64 = 1
            for _ in 0..<(scale - d.scale) { factor *= 10 }
            return d.mantissa.multipliedFullWidth(by: factor)
        }
        let (x, y) = (widened(a), widened(b))
        if x.high != y.high { return x.high < y.high ? -1 : 1 }
        if x.low != y.low { return x.low < y.low ? -1 : 1 }
        return 0
    }
}
