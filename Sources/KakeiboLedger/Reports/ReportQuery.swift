import Foundation
import KakeiboDomain

/// Which postings a report covers: a date range and hledger's query terms (account regexes, `payee:`,
/// `desc:`, `amt:`, `date:`, `not:`). Terms of one kind are alternatives (any may match); kinds, `amt:`,
/// `date:` and negated terms must all hold, as in hledger.
public struct ReportQuery {
    public enum Comparison: String { case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">=", equal = "=" }

    public enum Term {
        case account(Regex<AnyRegexOutput>, text: String)
        /// An account named exactly, and its sub-accounts (case-sensitive).
        case subtree(String)
        case payee(Regex<AnyRegexOutput>)
        case description(Regex<AnyRegexOutput>)
        case amount(Comparison, Decimal, signed: Bool)
        case date(DateExpression.Span)
        /// `status:*`, `status:!`, `status:` (unmarked; nil), and `-C`/`-P`/`-U`: alternatives, as in hledger.
        case status(TransactionStatus?)
    }

    /// First day included.
    public var begin: LocalDate?
    /// First day excluded.
    public var end: LocalDate?
    /// Each term with whether it is negated (`not:`).
    public var terms: [(term: Term, negated: Bool)] = []
    /// hledger's `--date2`: a transaction is dated by its secondary date where it has one (the
    /// `date2:` tag a journal's `2026-01-05=2026-01-07` is kept as), for the range, `date:`
    /// terms and the order alike (issue 36).
    public var secondaryDates = false

    public init(begin: LocalDate? = nil, end: LocalDate? = nil) {
        self.begin = begin
        self.end = end
    }

    /// Parses words as hledger does: `assets`, `payee:Green`, `desc:rent`, `amt:>50`, `date:2026-10`, `not:food`.
    public init(words: [String], begin: LocalDate? = nil, end: LocalDate? = nil, today: LocalDate) throws(ReportQueryError) {
        self.init(begin: begin, end: end)
        for word in words {
            var text = Substring(word)
            var negated = false
            if text.lowercased().hasPrefix("not:") { negated = true; text = text.dropFirst(4) }
            let lower = text.lowercased()
            func value(_ prefix: String) -> String? { lower.hasPrefix(prefix) ? String(text.dropFirst(prefix.count)) : nil }
            let term: Term
            if let pattern = value("acct:") {
                term = .account(try Self.regex(pattern, word: word), text: pattern)
            } else if let pattern = value("payee:") {
                term = .payee(try Self.regex(pattern, word: word))
            } else if let pattern = value("desc:") {
                term = .description(try Self.regex(pattern, word: word))
            } else if let amount = value("amt:") {
                term = try Self.amount(amount, word: word)
            } else if let period = value("date:") {
                do { term = .date(try DateExpression.span(period, today: today)) } catch { throw .badTerm(word, reason: error.description) }
            } else if let mark = value("status:") {
                guard mark.isEmpty || TransactionStatus(rawValue: mark) != nil else {
                    throw .badTerm(word, reason: "write status:* (cleared), status:! (pending) or status: (unmarked)")
                }
                term = .status(TransactionStatus(rawValue: mark))
            } else if let colon = lower.firstIndex(of: ":"), ["tag", "real", "cur", "code", "depth", "note"].contains(String(lower[..<colon])) {
                throw .badTerm(word, reason: "\(lower[..<colon]): is not supported; use an account pattern, payee:, desc:, amt:, date:, status: or not:")
            } else {
                term = .account(try Self.regex(String(text), word: word), text: String(text))
            }
            terms.append((term, negated))
        }
    }

    public var isEmpty: Bool { begin == nil && end == nil && terms.isEmpty }

    /// True when a term looks at single postings or transactions rather than accounts and dates.
    var needsPostings: Bool {
        terms.contains { if case .account = $0.term { return false }; if case .subtree = $0.term { return false }; if case .date = $0.term { return false }; return true }
    }

    /// Whether a posting passes every term. `status` is its transaction's mark (nil: unmarked).
    func matches(account: String, date: LocalDate, payee: String?, memo: String?, amount: Money?,
                 status: TransactionStatus? = nil) -> Bool {
        var groups: [Int: Bool] = [:]
        for (term, negated) in terms {
            let hit: Bool
            let group: Int?
            switch term {
            case .account(let regex, _): hit = account.contains(regex); group = 0
            case .subtree(let name): hit = account == name || account.hasPrefix(name + ":"); group = 0
            case .payee(let regex): hit = (payee ?? "").contains(regex); group = 1
            case .description(let regex):
                hit = [payee, memo].compactMap { $0 }.joined(separator: " | ").contains(regex); group = 2
            case .amount(let comparison, let number, let signed):
                guard let amount else { hit = true; group = nil; break }
                var value = Decimal(amount.minorUnits) / pow(Decimal(10), amount.currency.minorDigits)
                if !signed && value < 0 { value = -value }
                switch comparison {
                case .less: hit = value < number
                case .lessOrEqual: hit = value <= number
                case .greater: hit = value > number
                case .greaterOrEqual: hit = value >= number
                case .equal: hit = value == number
                }
                group = nil
            case .date(let span): hit = span.begin <= date && date < span.end; group = nil
            case .status(let mark): hit = status == mark; group = 3
            }
            if negated || group == nil {
                if hit == negated { return false }
            } else {
                groups[group!, default: false] = groups[group!, default: false] || hit
            }
        }
        return !groups.values.contains(false)
    }

    static func regex(_ pattern: String, word: String) throws(ReportQueryError) -> Regex<AnyRegexOutput> {
        do {
            return try Regex(pattern).ignoresCase()
        } catch {
            throw .badTerm(word, reason: "not a regular expression")
        }
    }

    static func amount(_ text: String, word: String) throws(ReportQueryError) -> Term {
        var rest = Substring(text)
        var comparison = Comparison.equal
        for candidate in [Comparison.lessOrEqual, .greaterOrEqual, .less, .greater, .equal] where rest.hasPrefix(candidate.rawValue) {
            comparison = candidate
            rest = rest.dropFirst(candidate.rawValue.count)
            break
        }
        let signed = rest.hasPrefix("-") || rest.hasPrefix("+")
        let digits = signed ? rest.dropFirst() : rest
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard !digits.isEmpty, parts.count <= 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let number = Decimal(string: String(rest.hasPrefix("+") ? rest.dropFirst() : rest), locale: Locale(identifier: "en_US_POSIX"))
        else { throw .badTerm(word, reason: "write amt:N, amt:<N, amt:<=N, amt:>N or amt:>=N with N like 50 or -12.50") }
        return .amount(comparison, number, signed: signed || number == 0)
    }
}

/// A report's arguments that cannot be understood; one line, saying what to write instead.
public enum ReportQueryError: Error, Equatable, CustomStringConvertible {
    case badTerm(String, reason: String)
    case badDate(option: String, reason: String)
    case emptyRange(begin: String, end: String)

    public var description: String {
        switch self {
        case let .badTerm(word, reason): "bad query term \"\(word)\": \(reason)"
        case let .badDate(option, reason): "\(option): \(reason)"
        case let .emptyRange(begin, end): "the report period is empty: it begins on \(begin) and ends (exclusive) on \(end)"
        }
    }
}
