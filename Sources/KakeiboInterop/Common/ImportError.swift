import KakeiboDomain

/// Why a journal or a CSV statement could not be imported. Every case names where (`file:line:column`) and says what
/// to do; `report` adds an excerpt with a caret, in the layout hledger uses.
public enum ImportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file is missing, unreadable or not UTF-8.
    case unreadable(path: String, reason: String, includedFrom: SourceLocation?)
    /// An `include` leads back to a file that is still being read.
    case includeCycle(SourceLocation, path: String)
    /// Journal syntax Kakeibo does not import (yet); never skipped silently.
    case unsupported(SourceLocation, found: String, hint: String)
    /// Text that is not journal syntax at all.
    case syntax(SourceLocation, expected: String, found: String)
    case invalidDate(SourceLocation, text: String, reason: String)
    case invalidAmount(SourceLocation, text: String, reason: String)
    /// A commodity that is neither a known symbol nor an ISO 4217 code.
    case unknownCommodity(SourceLocation, String)
    /// A statement's three-letter currency the ISO table lacks (DEM, FRF) that this ledger has not declared.
    case undeclaredCurrency(SourceLocation, String)
    case controlCharacter(SourceLocation, scalar: UInt32)
    case unbalanced(SourceLocation, detail: String)
    case balanceAssertionFailed(SourceLocation, account: String, asserted: String, actual: String)
    /// Kakeibo accounts hold one currency; the journal posts another to the same account.
    case currencyMismatch(SourceLocation, account: String, accountCurrency: String, found: String)
    case unknownAccountType(SourceLocation, account: String)
    case invalidAccount(SourceLocation, reason: String)
    case invalidText(SourceLocation, reason: String)
    /// The ledger refused a command built from this transaction.
    case refused(SourceLocation, reason: String)
    /// Transactions an earlier import of this journal recorded are missing from it now (edited or
    /// deleted in the file): importing it as it is would count the old and the new versions.
    case noLongerInFile(count: Int, examples: [String])

    public var location: SourceLocation? {
        switch self {
        case .unreadable(_, _, let from): from
        case .noLongerInFile: nil
        case .includeCycle(let l, _), .unsupported(let l, _, _), .syntax(let l, _, _), .invalidDate(let l, _, _),
             .invalidAmount(let l, _, _), .unknownCommodity(let l, _), .undeclaredCurrency(let l, _), .controlCharacter(let l, _), .unbalanced(let l, _),
             .balanceAssertionFailed(let l, _, _, _), .currencyMismatch(let l, _, _, _), .unknownAccountType(let l, _),
             .invalidAccount(let l, _), .invalidText(let l, _), .refused(let l, _): l
        }
    }

    /// What is wrong and what to do, without the place. Text quoted from the file is shortened, so a
    /// 1 MB line gives a readable error, not a megabyte on the terminal.
    public var problem: String {
        switch self {
        case let .unreadable(path, reason, _):
            "cannot read \"\(path.shortened())\": \(reason)"
        case let .includeCycle(_, path):
            "include cycle: \"\(path.shortened())\" is already being read; remove one of the include directives"
        case let .unsupported(_, found, hint):
            "unsupported syntax: \(found.shortened()); \(hint)"
        case let .syntax(_, expected, found):
            "expected \(expected), found \(found.shortened())"
        case let .invalidDate(_, text, reason):
            "invalid date \"\(text.shortened())\": \(reason); write dates like 2026-11-02, 2026/11/02 or 2026.11.02"
        case let .invalidAmount(_, text, reason):
            "invalid amount \"\(text.shortened())\": \(reason)"
        case let .unknownCommodity(_, commodity):
            "unknown commodity \"\(commodity.shortened())\": use $, €, £, ¥ or an ISO 4217 code such as USD, EUR, JPY"
        case let .undeclaredCurrency(_, code):
            "the statement is in \(code.shortened()), which is not in the ISO 4217 table and not declared in this ledger: "
                + "declare it with its decimals (commodity declare \(code.shortened()) with a precision), then import again"
        case let .controlCharacter(_, scalar):
            "control character U+\(String(scalar, radix: 16, uppercase: true).leftPadded(to: 4)) is not allowed in a journal; remove it"
        case let .unbalanced(_, detail):
            "the transaction does not balance: \(detail.shortened())"
        case let .balanceAssertionFailed(_, account, asserted, actual):
            "balance assertion failed: \(account.shortened()) is \(actual.shortened()) after this posting, not \(asserted.shortened()) as asserted"
        case let .currencyMismatch(_, account, accountCurrency, found):
            "account \(account.shortened()) holds \(accountCurrency) (from its first posting), but this posting is in \(found.shortened()); "
                + "Kakeibo accounts hold one currency: use a separate account such as \(account.shortened()):\(found.shortened())"
        case let .unknownAccountType(_, account):
            "cannot tell the type of account \(account.shortened()) from its name; declare it, e.g. `account \(account.shortened())  ; type: A` "
                + "(A asset, L liability, E equity, R income, X expense)"
        case let .invalidAccount(_, reason), let .invalidText(_, reason), let .refused(_, reason):
            reason.shortened(to: 300)
        case let .noLongerInFile(count, examples):
            "\(count) \(count == 1 ? "transaction" : "transactions") imported earlier from this journal \(count == 1 ? "is" : "are") "
                + "no longer in it (\(examples.joined(separator: "; "))\(count > examples.count ? "; …" : "")), so importing it would "
                + "count old and new versions"
        }
    }

    /// One line: `file:line:column: problem`.
    public var description: String {
        if let location { return "\(location): \(problem)" }
        return problem
    }

    /// The description, then the offending line with a caret under the column (hledger's layout).
    public var report: String {
        guard let location else { return description }
        let text = location.excerpt
        guard !text.isEmpty else { return description }
        let number = String(location.line)
        let gutter = String(repeating: " ", count: number.count)
        // A long line is shown as a window around the column.
        let characters = Array(text)
        let column = min(max(0, location.column - 1), characters.count)
        let start = characters.count > Self.excerptWidth ? max(0, min(column - Self.excerptWidth / 3, characters.count - Self.excerptWidth)) : 0
        let end = min(characters.count, start + Self.excerptWidth)
        let prefix = start > 0 ? "…" : "", suffix = end < characters.count ? "…" : ""
        let excerpt = prefix + String(characters[start..<end]) + suffix
        let caret = String(repeating: " ", count: column - start + prefix.count) + "^"
        return "\(description)\n\(gutter) |\n\(number) | \(excerpt)\n\(gutter) | \(caret)"
    }
}

extension ImportError {
    /// A posting that would take an account's running balance (or, `total`, its subtree's) past
    /// what a balance can hold: worded as `expense` words it, at the posting (issue 29, N16),
    /// not as if the posting's own amount were too large.
    static func balanceOverflow(_ location: SourceLocation, account: String, total: Bool = false) -> ImportError {
        .refused(location, reason: LedgerError.balanceOverflow(account: account, total: total).description)
    }

    /// Characters of the offending line an excerpt shows.
    static let excerptWidth = 160
}

extension String {
    /// At most `limit` characters: the start and the end, joined by an ellipsis.
    func shortened(to limit: Int = 120) -> String {
        guard count > limit else { return self }
        let keep = (limit - 1) / 2
        return String(prefix(keep)) + "…" + String(suffix(keep))
    }

    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
