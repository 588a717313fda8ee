import Foundation
import KakeiboDomain

/// `alias OLD = NEW` or `alias /REGEX/ = REPLACEMENT`: hledger's account aliases.
struct AccountAlias {
    enum Match {
        /// The whole name, or a prefix of it ending at a `:`.
        case plain(String)
        /// Anywhere in the name, case-insensitively; `\1` in the replacement is the first group.
        case regex(NSRegularExpression)
    }
    var match: Match
    var replacement: String

    func apply(to name: String) -> String {
        switch match {
        case .plain(let old):
            if name == old { return replacement }
            if name.hasPrefix(old + ":") { return replacement + name.dropFirst(old.count) }
            return name
        case .regex(let regex):
            let range = NSRange(name.startIndex..., in: name)
            return regex.stringByReplacingMatches(in: name, range: range, withTemplate: replacement)
        }
    }
}

extension JournalReader {
    /// `Y 2026` / `year 2026`: the year of later dates written as `01/15`.
    mutating func readDefaultYear(_ argument: Substring, location: SourceLocation) throws(ImportError) {
        let text = argument.prefix { $0 != ";" }.trimmingSpaces()
        guard text.utf8.count == 4, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let year = Int(text) else {
            throw .syntax(location, expected: "a four-digit year, e.g. Y 2026", found: "\"\(text)\"")
        }
        defaultYear = year
    }

    /// `alias checking = assets:bank:checking` or `alias /^(.+):bank/ = \1:banking`. Applied to
    /// every account name read after it, most recently defined first, each seeing the result of
    /// the ones before, as hledger does. `end aliases` forgets them.
    mutating func readAlias(_ argument: Substring, location: SourceLocation) throws(ImportError) {
        guard let equals = argument.lastIndex(of: "=") else {
            throw .syntax(location, expected: "alias OLD = NEW", found: "\"alias \(argument)\"")
        }
        let old = argument[..<equals].trimmingSpaces()
        let new = argument[argument.index(after: equals)...].trimmingSpaces()
        guard !old.isEmpty else { throw .syntax(location, expected: "an account name or /REGEX/ before \"=\"", found: "nothing") }
        if old.count >= 2, old.first == "/", old.last == "/" {
            let pattern = String(old.dropFirst().dropLast())
            let regex: NSRegularExpression
            do { regex = try NSRegularExpression(pattern: pattern, options: [.caseInsensitive]) } catch {
                throw .syntax(location, expected: "a regular expression between the slashes", found: "\"\(old)\"")
            }
            // hledger writes groups as \1; NSRegularExpression as $1.
            var template = ""
            var scalars = Array(new.unicodeScalars)[...]
            while let c = scalars.popFirst() {
                if c == "\\", let d = scalars.first, ("0"..."9").contains(d) { template += "$"; continue }
                if c == "$" || c == "\\" { template += "\\" }
                template.unicodeScalars.append(c)
            }
            aliases.append(AccountAlias(match: .regex(regex), replacement: template))
        } else {
            aliases.append(AccountAlias(match: .plain(String(old)), replacement: String(new)))
        }
        accountNames = [:] // names read before mean something else now
    }

    /// The account name `text` stands for once the aliases in force are applied.
    func aliased(_ text: String, at location: SourceLocation) -> String {
        var name = text
        for alias in aliases.reversed() { name = alias.apply(to: name) }
        return name
    }
}

extension JournalReader {
    /// `apply account business`: the account names read until `end apply account` are under
    /// `business:`, nested ones under both, as hledger reads them (account directives too).
    mutating func readApplyAccount(_ argument: Substring, location: SourceLocation) throws(ImportError) {
        var text = argument.prefix { $0 != ";" }.trimmingSpaces()
        if let gap = text.range(of: "  ") { text = text[..<gap.lowerBound] }
        guard !text.isEmpty else { throw .syntax(location, expected: "an account name after apply account", found: "nothing") }
        do { _ = try AccountName(String(text)) } catch {
            throw .invalidAccount(location, reason: error.description)
        }
        parentAccounts.append(String(text))
        accountNames = [:] // names read before mean something else now
    }
}
