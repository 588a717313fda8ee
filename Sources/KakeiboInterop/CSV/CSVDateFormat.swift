import Foundation
import KakeiboDomain

/// A strptime-like date pattern: `%Y` (4 digits), `%y` (2, meaning 20yy), `%m`/`%-m`, `%d`/`%-d`/`%e`
/// (1 or 2 digits), and literal characters that must match.
public struct CSVDateFormat: Hashable, Sendable {
    enum Token: Hashable, Sendable { case year4, year2, month, day, literal(Character) }
    let tokens: [Token]
    public let pattern: String

    init(_ pattern: String, at location: SourceLocation) throws(ImportError) {
        var tokens: [Token] = []
        var characters = Array(pattern)[...]
        while let c = characters.popFirst() {
            guard c == "%" else { tokens.append(.literal(c)); continue }
            var next = characters.popFirst()
            if next == "-" { next = characters.popFirst() }
            switch next {
            case "Y": tokens.append(.year4)
            case "y": tokens.append(.year2)
            case "m": tokens.append(.month)
            case "d", "e": tokens.append(.day)
            default:
                throw .unsupported(location, found: "date-format directive \"%\(next.map(String.init) ?? "")\"",
                                   hint: "use %Y, %y, %m, %d (or %-m, %-d, %e)")
            }
        }
        guard tokens.contains(.month), tokens.contains(.day), tokens.contains(.year4) || tokens.contains(.year2) else {
            throw .syntax(location, expected: "a date-format with a year, a month and a day", found: "\"\(pattern)\"")
        }
        self.tokens = tokens
        self.pattern = pattern
    }

    func date(_ text: String, at location: SourceLocation) throws(ImportError) -> LocalDate {
        var characters = Array(text.trimmingCharacters(in: .whitespaces))[...]
        var year = 0, month = 0, day = 0
        func digits(_ range: ClosedRange<Int>) throws(ImportError) -> Int {
            var value = 0, count = 0
            while count < range.upperBound, let c = characters.first, let d = c.wholeNumberValue, c.isASCII {
                value = value * 10 + d
                count += 1
                characters.removeFirst()
            }
            guard range.contains(count) else {
                throw .invalidDate(location, text: text, reason: "it does not match the date-format \(pattern)")
            }
            return value
        }
        for token in tokens {
            switch token {
            case .year4: year = try digits(4...4)
            case .year2: year = 2000 + (try digits(2...2))
            case .month: month = try digits(1...2)
            case .day: day = try digits(1...2)
            case .literal(let c):
                guard characters.popFirst() == c else {
                    throw .invalidDate(location, text: text, reason: "it does not match the date-format \(pattern)")
                }
            }
        }
        guard characters.isEmpty else { throw .invalidDate(location, text: text, reason: "it does not match the date-format \(pattern)") }
        do { return try LocalDate(year: year, month: month, day: day) } catch {
            throw .invalidDate(location, text: text, reason: error.description)
        }
    }
}
