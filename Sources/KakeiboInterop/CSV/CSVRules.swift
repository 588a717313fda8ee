import Foundation
import KakeiboDomain

/// How to read one bank's CSV statement, in the shape of hledger's CSV rules:
///
/// ```
/// skip 1
/// separator ;
/// fields date, description, _, amount-out, amount-in
/// date-format %d.%m.%Y
/// decimal-mark ,
/// currency EUR
/// account1 assets:bank:giro
/// account2 expenses:unknown
/// if REWE|EDEKA
///   account2 expenses:groceries
/// ```
///
/// Every line is understood or refused with `file:line:column`; nothing is skipped silently.
public struct CSVRules: Sendable {
    public var skip = 0
    public var separator: Unicode.Scalar = ","
    public var fields: [String] = []
    public var dateFormat: CSVDateFormat?
    public var decimalComma = false
    public var currency: Currency?
    public var account1: AccountName?
    /// The other side when no `if` block names one: hledger's defaults by sign.
    public var account2: AccountName?
    public var conditionals: [Conditional] = []

    /// `if` block: any pattern matching the record (case-insensitively) applies the assignments.
    public struct Conditional: @unchecked Sendable {
        public var patterns: [NSRegularExpression]
        public var account2: AccountName?
        public var description: String?
        public var location: SourceLocation
    }

    static let knownFields: Set<String> = ["date", "description", "payee", "note", "comment", "amount", "amount-in",
                                           "amount-out", "currency", "code", "balance", "_", ""]

    /// `statement`: rules for a bank statement file (`import statement`), whose format names the
    /// fields and whose account is given on the command line, so neither `fields` nor `account1` is required.
    public static func read(path: String, statement: Bool = false) throws(ImportError) -> CSVRules {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(path: path, reason: FileManager.default.fileExists(atPath: path) ? "permission denied or not a file" : "no such file",
                              includedFrom: nil)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .unreadable(path: path, reason: "it is not UTF-8 text", includedFrom: nil)
        }
        return try parse(text, file: path, statement: statement)
    }

    /// The `if` blocks that match `text` applied in order: the account2 and description they set.
    public func matching(_ text: String) -> (account2: AccountName?, description: String?) {
        var account2: AccountName?, description: String?
        for block in conditionals where block.patterns.contains(where: {
            $0.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }) {
            if let target = block.account2 { account2 = target }
            if let value = block.description { description = value }
        }
        return (account2, description)
    }

    public static func parse(_ text: String, file: String, statement: Bool = false) throws(ImportError) -> CSVRules {
        var rules = CSVRules()
        var current: Conditional?
        var collectingPatterns = false
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        func finishBlock(_ location: SourceLocation) throws(ImportError) {
            guard let block = current else { return }
            if block.patterns.isEmpty {
                throw .syntax(block.location, expected: "a pattern after if", found: "none")
            }
            if block.account2 == nil && block.description == nil {
                throw .syntax(block.location, expected: "an indented account2 or description line under the if", found: "none")
            }
            rules.conditionals.append(block)
            current = nil
        }
        for (index, rawLine) in lines.enumerated() {
            let line = rawLine.last == "\r" ? rawLine.dropLast() : rawLine
            let location = SourceLocation(file: file, line: index + 1, column: 1, text: String(line))
            if let bad = FreeText.firstControlCharacter(in: line.utf8, allowingTab: true) {
                throw .controlCharacter(location.at(column: bad.offset + 1), scalar: bad.scalar)
            }
            let content = line.trimmingSpaces()
            let column = line.distance(from: line.startIndex, to: content.startIndex) + 1
            if content.isEmpty || content.first == "#" || content.first == ";" || content.first == "*" {
                if content.isEmpty { collectingPatterns = false }
                continue
            }
            let indented = column > 1
            if collectingPatterns && !indented {
                current!.patterns.append(try regex(content, at: location))
                continue
            }
            collectingPatterns = false
            let word = content.prefix { $0 != " " && $0 != "\t" }
            let value = content.dropFirst(word.count).trimmingSpaces()
            let valueLocation = location.at(column: line.distance(from: line.startIndex, to: value.startIndex) + 1)
            if value.contains("%"), word != "date-format" {
                throw .unsupported(valueLocation, found: "a field reference (\"%\")", hint: "write the value itself")
            }
            if indented {
                guard current != nil else {
                    throw .syntax(location.at(column: column), expected: "a rule at the start of the line", found: "an indented line outside an if block")
                }
                switch word {
                case "account2": current!.account2 = try accountName(value, at: valueLocation)
                case "description": current!.description = UntrustedText.clean(value)
                default:
                    throw .unsupported(location.at(column: column), found: "\"\(word)\" in an if block", hint: "if blocks may set account2 or description")
                }
                continue
            }
            try finishBlock(location)
            switch word {
            case "skip":
                guard let n = value.isEmpty ? 1 : Int(value), n >= 0 else {
                    throw .syntax(valueLocation, expected: "a number of lines to skip", found: "\"\(value)\"")
                }
                rules.skip = n
            case "separator":
                switch value {
                case ",", "comma": rules.separator = ","
                case ";", "semicolon": rules.separator = ";"
                case "TAB", "\\t", "tab": rules.separator = "\t"
                default: throw .syntax(valueLocation, expected: "separator , ; or TAB", found: "\"\(value)\"")
                }
            case "fields":
                rules.fields = value.split(separator: ",", omittingEmptySubsequences: false).map { String($0.trimmingSpaces()).lowercased() }
                for (position, field) in rules.fields.enumerated() where !knownFields.contains(field) {
                    throw .unsupported(valueLocation, found: "field name \"\(field)\" (field \(position + 1))",
                                       hint: "use date, description, note, amount, amount-in, amount-out, currency, code, balance or _")
                }
                guard rules.fields.contains("date") else { throw .syntax(valueLocation, expected: "a date field", found: "none") }
                guard rules.fields.contains("amount") || rules.fields.contains("amount-in") || rules.fields.contains("amount-out") else {
                    throw .syntax(valueLocation, expected: "an amount, amount-in or amount-out field", found: "none")
                }
            case "date-format":
                rules.dateFormat = try CSVDateFormat(String(value), at: valueLocation)
            case "decimal-mark":
                guard value == "," || value == "." else { throw .syntax(valueLocation, expected: "decimal-mark , or .", found: "\"\(value)\"") }
                rules.decimalComma = value == ","
            case "currency":
                rules.currency = try AmountSyntax.currency(String(value), at: valueLocation)
            case "account1":
                rules.account1 = try accountName(value, at: valueLocation)
            case "account2":
                rules.account2 = try accountName(value, at: valueLocation)
            case "if":
                current = Conditional(patterns: [], account2: nil, description: nil, location: location)
                if value.isEmpty { collectingPatterns = true } else { current!.patterns.append(try regex(value, at: valueLocation)) }
            default:
                throw .unsupported(location.at(column: column), found: "rule \"\(word)\"",
                                   hint: "Kakeibo reads skip, separator, fields, date-format, decimal-mark, currency, account1, account2 and if")
            }
        }
        try finishBlock(SourceLocation(file: file, line: lines.count))
        if statement { return rules }
        guard !rules.fields.isEmpty else {
            throw .syntax(SourceLocation(file: file, line: 1), expected: "a fields rule naming the columns", found: "none")
        }
        guard rules.account1 != nil else {
            throw .syntax(SourceLocation(file: file, line: 1), expected: "an account1 rule naming the bank account", found: "none")
        }
        return rules
    }

    static func regex(_ pattern: Substring, at location: SourceLocation) throws(ImportError) -> NSRegularExpression {
        do {
            return try NSRegularExpression(pattern: String(pattern), options: [.caseInsensitive])
        } catch {
            throw .syntax(location, expected: "a regular expression", found: "\"\(pattern)\"")
        }
    }

    static func accountName(_ text: Substring, at location: SourceLocation) throws(ImportError) -> AccountName {
        do { return try AccountName(String(text)) } catch { throw .invalidAccount(location, reason: error.description) }
    }
}
