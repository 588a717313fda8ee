import Foundation
import KakeiboDomain

/// Reads the subset of hledger/ledger journal syntax that real household journals use, and
/// refuses the rest with `file:line:column`: nothing is skipped silently. Directives: `account`,
/// `commodity` (with `format`), `D`, `decimal-mark`, `include`, `P`, and `comment` blocks.
///
/// Transactions are balanced (the one elided amount is filled in) as they are read; balance
/// assertions are checked in date order and then file order, as hledger checks them — once
/// everything is read, or as the transactions go by when the journal is streamed and its dates
/// never go back (`stream`) — so a journal that reads without error is one the ledger can
/// record exactly. (Balance assignments are still resolved in file order.)
public struct JournalReader {
    var amounts = AmountSyntax()
    var journal = Journal()
    /// Files being read, outermost first, by canonical path: an include of one of them is a cycle.
    var openFiles: [String] = []
    /// The transaction whose postings are being read.
    var pending: PendingTransaction?
    /// What indented lines belong to when no transaction is open.
    var openDirective: OpenDirective = .none
    /// Each account's own running balance per commodity in file order, for balance assignments
    /// (keyed by name and commodity code: cheaper to hash than AccountName).
    var balances: [BalanceKey: Money] = [:]

    struct BalanceKey: Hashable {
        var account: String
        var commodity: String
    }
    /// The column of each posting's balance assertion, for its error (a streamed read keeps the
    /// current transaction's only).
    var assertionColumns: [PostingIndex: Int] = [:]

    struct PostingIndex: Hashable {
        var transaction: Int
        var posting: Int
    }
    /// Names already validated: a journal repeats a few dozen accounts thousands of times.
    var accountNames: [Substring: AccountName] = [:]

    enum OpenDirective { case none, account, commodity(Currency), declaration, autoRule }
    /// `apply account business`: prefixes of the account names read inside, innermost last.
    var parentAccounts: [String] = []
    /// `= QUERY` automated posting rules, in file order (`AutoPostingRule`).
    var autoRules: [AutoPostingRule] = []
    /// The rules an earlier pass read (`Settings.autoRules`): this pass applies them from the first transaction.
    var knownAutoRules: [AutoPostingRule]?
    var autoRuleIndex = 0
    /// A rule came after a transaction it must apply to: the journal is read again with it known.
    var autoRuleAfterTransactions = false
    /// `Y 2026`, or else the current year: the year of dates written without one.
    var defaultYear: Int?
    /// `alias` directives in force, in the order written.
    var aliases: [AccountAlias] = []
    /// Transactions finished so far, kept or handed on.
    var transactionCount = 0
    /// Where finished transactions go instead of `journal.transactions` when the journal is
    /// streamed (`stream`); it returns false to stop the reading.
    var sink: ((JournalTransaction) -> Bool)?
    /// Decimals an exact cost weight taken by an elided amount needs (`noteExactWeightDigits`).
    var weightDigitsSeen: [String: Int] = [:]
    /// Whether a balance assignment (`a  = $10`) was read: see `readFixingBarePrecision`.
    var sawBalanceAssignment = false
    /// The sink asked to stop: no further line is read.
    var stopped = false
    /// Balance assertions checked as each transaction is handed on, while the file is in date
    /// order (`stream`'s first pass); nil when they are checked after reading, or not at all.
    var inOrderAssertions: InOrderAssertions?

    public init() {}

    /// How amounts were read: what a reader needs to read the same files again the same way.
    struct Settings: Sendable {
        var year: Int
        var bareDigits = 0
        var minimumDigits: [String: Int] = [:]
        /// The precision of commodities a price named before their amounts did (`AmountSyntax.priceDigits`).
        var priceDigits: [String: Int] = [:]
        /// Automated posting rules found after the transactions they apply to, on an earlier pass.
        var autoRules: [AutoPostingRule] = []
    }

    init(_ settings: Settings) {
        defaultYear = settings.year
        if !settings.autoRules.isEmpty {
            autoRules = settings.autoRules
            knownAutoRules = settings.autoRules
        }
        amounts.bareDigits = settings.bareDigits
        amounts.minimumDigits = settings.minimumDigits
        amounts.priceDigits = settings.priceDigits
    }

    /// Reads `path` and the files it includes. A date written without a year (`1/15`) is in the
    /// year of the last `Y` directive, or else in `currentYear` (default: this year), as hledger reads it.
    public static func read(path: String, currentYear: Int? = nil) throws(ImportError) -> Journal {
        try readFixingBarePrecision(currentYear: currentYear) { (reader) throws(ImportError) in
            try reader.readFile(displayPath: path, includedFrom: nil)
        }.reader.journal
    }

    /// Reads journal text that is not in a file (tests, stdin); `name` stands for the file in errors.
    public static func read(text: String, name: String, currentYear: Int? = nil) throws(ImportError) -> Journal {
        try readFixingBarePrecision(currentYear: currentYear) { (reader) throws(ImportError) in
            reader.journal.files.append(name)
            try reader.readLines(Array(text.utf8), displayPath: name, directory: ".")
            try reader.finishTransaction()
        }.reader.journal
    }

    /// Runs `body` on a fresh reader, again whenever it met a bare amount (`-722.40`) with more
    /// decimals than the empty-symbol commodity was being read at: that commodity's precision is
    /// the largest in the journal, and every amount in it is stored at that one precision. Each
    /// rerun raises the precision, so there are at most a few, and only journals with bare amounts
    /// ever read twice.
    static func readFixingBarePrecision(currentYear: Int?, _ body: (inout JournalReader) throws(ImportError) -> Void)
        throws(ImportError) -> (reader: JournalReader, settings: Settings) {
        let year = currentYear ?? Calendar(identifier: .gregorian).component(.year, from: Date())
        var settings = Settings(year: year)
        /// The commodities read at fewer decimals than some amount of theirs has (see `AmountSyntax.minimumDigits`).
        func raised(_ reader: JournalReader) -> [String: Int]? {
            var raised = settings.minimumDigits
            // A weight's decimals count only in a journal without balance assignments: there an
            // assigned amount is worked out at the stored precision, and with the weight exact the
            // transaction would be off by the sub-cent rest, which hledger tolerates at display
            // precision and a ledger cannot record (travel-trip.journal). There the weight is rounded
            // and the import says so, as before.
            var seenDigits = reader.amounts.digitsSeen
            if !reader.sawBalanceAssignment {
                seenDigits.merge(reader.weightDigitsSeen) { max($0, $1) }
            }
            for (symbol, seen) in seenDigits {
                // An ISO code (`USD`) is not among `commodities`: it is at its table's precision, or raised.
                let iso = (try? Commodity(code: symbol)).flatMap { $0.code == symbol ? $0.storedAt(max($0.minorDigits, raised[symbol] ?? 0)) : nil }
                guard let known = reader.amounts.commodities[symbol] ?? iso, known.minorDigits < seen,
                      seen <= Commodity.maximumDigits, (raised[symbol] ?? 0) < seen else { continue }
                raised[symbol] = seen
            }
            return raised == settings.minimumDigits ? nil : raised
        }
        /// The commodities a price counted at other decimals than their amounts later gave them.
        func corrected(_ reader: JournalReader) -> [String: Int]? {
            var digits = settings.priceDigits
            for (symbol, guess) in reader.amounts.priceGuesses {
                guard let known = reader.amounts.commodities[symbol], known.minorDigits != guess, digits[symbol] == nil else { continue }
                digits[symbol] = known.minorDigits
            }
            return digits == settings.priceDigits ? nil : digits
        }
        while true {
            var reader = JournalReader(settings)
            let digits = settings.bareDigits
            do {
                try body(&reader)
                if reader.autoRuleAfterTransactions {
                    settings.autoRules = reader.autoRules
                    continue
                }
                if reader.amounts.bareDigitsSeen > digits, digits < Commodity.maximumDigits {
                    settings.bareDigits = min(reader.amounts.bareDigitsSeen, Commodity.maximumDigits)
                    continue
                }
                if let more = raised(reader) { settings.minimumDigits = more; continue }
                if let digits = corrected(reader) { settings.priceDigits = digits; continue }
                try reader.checkAssertions()
                try reader.finishCommodities()
                return (reader, settings)
            } catch {
                if let more = raised(reader) { settings.minimumDigits = more; continue }
                if let digits = corrected(reader) { settings.priceDigits = digits; continue }
                guard reader.amounts.bareDigitsSeen > digits, digits < Commodity.maximumDigits else { throw error }
                settings.bareDigits = min(reader.amounts.bareDigitsSeen, Commodity.maximumDigits)
            }
        }
    }

    // MARK: - Files

    /// Bytes read from a file at a time: a file is read a block at a time, so a reader holds one
    /// block and one line, whatever the file's size (a 27 MB journal was held twice, as `Data` and
    /// as bytes, 54 MB at the peak of a 300k-transaction import, heaptrack).
    static let blockSize = 1 << 20

    mutating func readFile(displayPath: String, includedFrom: SourceLocation?) throws(ImportError) {
        let url = URL(fileURLWithPath: displayPath).standardizedFileURL.resolvingSymlinksInPath()
        let canonical = url.path
        if openFiles.contains(canonical) {
            throw .includeCycle(includedFrom ?? SourceLocation(file: displayPath, line: 1), path: displayPath)
        }
        // Only a regular file: a device (`include /dev/zero`) would be read for ever, a block at a time.
        let type = (try? FileManager.default.attributesOfItem(atPath: canonical))?[.type] as? FileAttributeType
        let exists = type != nil || FileManager.default.fileExists(atPath: canonical)
        guard type == .typeRegular, let file = FileHandle(forReadingAtPath: canonical) else {
            throw .unreadable(path: displayPath, reason: exists ? "permission denied or not a file" : "no such file",
                              includedFrom: includedFrom)
        }
        defer { try? file.close() }
        openFiles.append(canonical)
        journal.files.append(displayPath)
        let directory = (displayPath as NSString).deletingLastPathComponent
        var lines = LineCursor(displayPath: displayPath, directory: directory.isEmpty ? "." : directory)
        var buffer: [UInt8] = []
        while !stopped {
            let block: Data?
            do { block = try file.read(upToCount: Self.blockSize) } catch {
                throw .unreadable(path: displayPath, reason: "permission denied or not a file", includedFrom: includedFrom)
            }
            guard let block, !block.isEmpty else { break }
            buffer.append(contentsOf: block)
            let consumed = try readLines(buffer[...], upToLastNewline: true, &lines)
            buffer.removeSubrange(..<consumed)
        }
        _ = try readLines(buffer[...], upToLastNewline: false, &lines)
        try finishTransaction()
        openDirective = .none
        openFiles.removeLast()
    }

    /// Where reading a file's lines has got to, across the blocks it is read in.
    struct LineCursor {
        var displayPath: String
        var directory: String
        var number = 0
        var inCommentBlock = false
    }

    mutating func readLines(_ bytes: [UInt8], displayPath: String, directory: String) throws(ImportError) {
        var lines = LineCursor(displayPath: displayPath, directory: directory)
        _ = try readLines(bytes[...], upToLastNewline: false, &lines)
    }

    /// Reads the lines in `bytes`: all of them, or those that end in a newline, for a block whose
    /// last line goes on in the next. Returns the index just past the last line read.
    mutating func readLines(_ bytes: ArraySlice<UInt8>, upToLastNewline: Bool, _ lines: inout LineCursor) throws(ImportError) -> Int {
        var start = bytes.startIndex
        // A UTF-8 byte order mark is not content.
        if lines.number == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start += 3 }
        while start < bytes.endIndex, !stopped {
            let newline = bytes[start...].firstIndex(of: 0x0A)
            if newline == nil, upToLastNewline { break }
            lines.number += 1
            let number = lines.number, displayPath = lines.displayPath
            var end = newline ?? bytes.endIndex
            let next = end + 1
            if end > start, bytes[end - 1] == 0x0D { end -= 1 }
            let lineBytes = bytes[start..<end]
            start = min(next, bytes.endIndex)

            guard let text = String(validating: lineBytes, as: UTF8.self) else {
                throw .unreadable(path: displayPath, reason: "line \(number) is not UTF-8 text", includedFrom: nil)
            }
            let location = SourceLocation(file: displayPath, line: number, column: 1, text: text)
            if let bad = FreeText.firstControlCharacter(in: lineBytes, allowingTab: true) {
                let column = String(decoding: lineBytes.prefix(bad.offset), as: UTF8.self).count + 1
                var shown = location
                shown.text = FreeText.withControlsShown(text)
                throw .controlCharacter(shown.at(column: column), scalar: bad.scalar)
            }
            if lines.inCommentBlock {
                if text.trimmingCharacters(in: .whitespaces) == "end comment" { lines.inCommentBlock = false }
                continue
            }
            try readLine(Substring(text), location: location, directory: lines.directory, inCommentBlock: &lines.inCommentBlock)
        }
        return start
    }

    // MARK: - Lines

    mutating func readLine(_ line: Substring, location: SourceLocation, directory: String,
                           inCommentBlock: inout Bool) throws(ImportError) {
        guard let first = line.first else {
            try finishTransaction()
            openDirective = .none
            return
        }
        if first == " " || first == "\t" {
            let content = line.trimmingSpaces()
            if content.isEmpty {
                try finishTransaction()
                openDirective = .none
                return
            }
            let column = line.column(of: content)
            if pending != nil {
                try readPostingLine(line, content: content, location: location)
                return
            }
            // hledger: outside a transaction an indented `;`, `#` or `*` line is a comment too.
            if content.first == ";" || content.first == "#" || content.first == "*" {
                if case .declaration = openDirective { return }
                if case .autoRule = openDirective, content.first == "*" {
                    // `    *$100`-like lines do not start with `*`; a `* account` posting is marked cleared.
                    try readAutoRulePosting(content, location: location, column: column)
                    return
                }
                if case .account = openDirective, let type = try accountType(comment: content.dropFirst(), at: location) {
                    journal.accountDeclarations[journal.accountDeclarations.count - 1].type = type
                }
                return
            }
            if case .autoRule = openDirective {
                try readAutoRulePosting(content, location: location, column: column)
                return
            }
            // `account` subdirectives (note, alias, payee…): hledger 1.25 reads and ignores them.
            if case .account = openDirective { return }
            if case .commodity(let currency) = openDirective, content.hasPrefix("format ") {
                try readCommodityFormat(content.dropFirst(7), currency: currency, location: location.at(column: column + 7))
                return
            }
            throw .syntax(location.at(column: column), expected: "a transaction or directive at the start of the line",
                          found: "an indented line outside a transaction (\"\(content)\")")
        }
        try finishTransaction()
        openDirective = .none
        if first == ";" || first == "#" || first == "*" { return }
        if first == "~" {
            try readPeriodicHeader(line, location: location)
            return
        }
        if first == "=" {
            try readAutoRuleHeader(line, location: location)
            return
        }
        if ("0"..."9").contains(first) {
            try readTransactionHeader(line, location: location)
            return
        }
        let word = line.prefix { $0 != " " && $0 != "\t" }
        let argument = line.dropFirst(word.count).trimmingSpaces()
        let argumentColumn = line.distance(from: line.startIndex, to: argument.startIndex) + 1
        switch word {
        case "account":
            try readAccountDirective(argument, location: location.at(column: argumentColumn))
        case "commodity":
            try readCommodityDirective(argument, location: location.at(column: argumentColumn))
        case "include":
            try readInclude(argument, location: location.at(column: argumentColumn), directory: directory)
        case "P":
            try readPrice(argument, location: location.at(column: argumentColumn))
        case "D":
            // `D $1,000.00`: amounts without a commodity are in this one, written in this style.
            try readCommodityFormat(argument, currency: nil, location: location.at(column: argumentColumn))
            amounts.defaultCommodity = try AmountSyntax.split(argument.prefix { $0 != ";" }.trimmingSpaces(),
                                                              at: location.at(column: argumentColumn)).commodity
        case "decimal-mark":
            guard argument == "," || argument == "." else {
                throw .syntax(location.at(column: argumentColumn), expected: "decimal-mark , or decimal-mark .", found: "\"\(argument)\"")
            }
            amounts.defaultDecimalComma = argument == ","
        case "comment":
            inCommentBlock = true
        case "payee", "tag":
            // Declarations hledger uses for `check payees`/`check tags`: nothing to record.
            guard !argument.isEmpty else {
                throw .syntax(location.at(column: argumentColumn), expected: "a \(word) name", found: "nothing")
            }
            openDirective = .declaration
        case "Y", "year":
            try readDefaultYear(argument, location: location.at(column: argumentColumn))
        case "alias":
            try readAlias(argument, location: location.at(column: argumentColumn))
        case "end" where argument == "aliases":
            aliases = []
            accountNames = [:]
        case "apply" where argument.hasPrefix("account ") || argument.hasPrefix("account\t"):
            try readApplyAccount(argument.dropFirst(8), location: location.at(column: argumentColumn + 8))
        case "end" where argument.split(whereSeparator: { $0 == " " || $0 == "\t" }) == ["apply", "account"]:
            guard !parentAccounts.isEmpty else {
                throw .syntax(location.at(column: argumentColumn), expected: "an apply account before it", found: "\"end apply account\"")
            }
            parentAccounts.removeLast()
            accountNames = [:]
        default:
            throw .unsupported(location, found: "\"\(word)\"", hint: Self.hint(for: String(word)))
        }
    }

    static func hint(for word: String) -> String {
        switch word {
        case "apply", "end": "Kakeibo reads apply account and end apply account, end aliases and end comment"
        default: "Kakeibo imports transactions and the account, alias, commodity, D, decimal-mark, include, P, payee, tag and Y directives"
        }
    }

    // MARK: - Directives

    mutating func readAccountDirective(_ argument: Substring, location: SourceLocation) throws(ImportError) {
        var nameText = argument
        var comment: Substring = ""
        if let semicolon = argument.firstIndex(of: ";") {
            nameText = argument[..<semicolon].trimmingSpaces()
            comment = argument[argument.index(after: semicolon)...]
        }
        // hledger ends the name at two spaces.
        if let gap = nameText.range(of: "  ") { nameText = nameText[..<gap.lowerBound] }
        let name = try accountName(nameText, at: location)
        let type = try accountType(comment: comment, at: location)
        journal.accountDeclarations.append(.init(name: name, type: type, location: location))
        openDirective = .account
    }

    func accountType(comment: Substring, at location: SourceLocation) throws(ImportError) -> AccountType? {
        guard let code = UntrustedText.tags(in: String(comment))["type"] else { return nil }
        switch code.lowercased() {
        case "a", "asset", "assets", "c", "cash": return .asset
        case "l", "liability", "liabilities": return .liability
        case "e", "equity", "v", "conversion": return .equity
        case "r", "revenue", "revenues", "income": return .income
        case "x", "expense", "expenses": return .expense
        default:
            throw .syntax(location, expected: "an account type (A, L, E, R or X)", found: "\"\(code)\"")
        }
    }

    /// `commodity 1.000,00 EUR`, `commodity €1.000,00`, or `commodity EUR` with a `format` line below.
    mutating func readCommodityDirective(_ argument: Substring, location: SourceLocation) throws(ImportError) {
        let sample = argument.prefix { $0 != ";" }.trimmingSpaces()
        if sample.allSatisfy({ $0.isLetter }) || (sample.count == 1 && sample.unicodeScalars.first.map { AmountSyntax.symbols[$0] != nil } == true) {
            openDirective = .commodity(try amounts.commodity(String(sample), number: nil, display: String(sample), at: location))
            return
        }
        try readCommodityFormat(sample, currency: nil, location: location)
    }

    mutating func readCommodityFormat(_ sample: Substring, currency expected: Currency?, location: SourceLocation) throws(ImportError) {
        let parts = try AmountSyntax.split(sample.prefix { $0 != ";" }.trimmingSpaces(), at: location)
        let marks = parts.number.filter { $0 == "." || $0 == "," }
        // The mark is known before the precision is read from the sample: `1.000,00 XAU`.
        if marks.last == "," || (marks.last == "." && marks.count == 1) { amounts.decimalComma[parts.commodity] = marks.last == "," }
        let currency = try amounts.commodity(parts.commodity, number: parts.number,
                                             display: String(sample.prefix { $0 != ";" }.trimmingSpaces()), at: location)
        if let expected, expected.code != currency.code {
            throw .syntax(location, expected: "a format for \(expected.code)", found: "one for \(currency.code)")
        }
        amounts.decimalComma[currency.code] = marks.last == ","
        let written = sample.prefix { $0 != ";" }.trimmingSpaces()
        amounts.noteStyle(written, commodity: currency, directive: true,
                          decimalComma: amounts.decimalComma[currency.code] ?? amounts.defaultDecimalComma, at: location)
    }

    /// `P 2026-11-01 EUR $1.08`: kept, not used.
    mutating func readPrice(_ argument: Substring, location: SourceLocation) throws(ImportError) {
        let fields = argument.prefix { $0 != ";" }.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
        guard fields.count == 3 else {
            throw .syntax(location, expected: "P DATE COMMODITY PRICE", found: "\"P \(argument)\"")
        }
        let date = try AmountSyntax.date(fields[0], at: location, defaultYear: defaultYear)
        let parts = try AmountSyntax.split(fields[2].trimmingSpaces(), at: location)
        guard parts.number.contains(where: \.isNumber) else {
            throw .syntax(location, expected: "a price such as $1.08", found: "\"\(fields[2])\"")
        }
        let (value, quote) = try amounts.price(fields[2].trimmingSpaces(), at: location)
        guard value.mantissa > 0 else { throw .syntax(location, expected: "a price above zero", found: "\"\(fields[2])\"") }
        journal.prices.append(.init(date: date, commodity: String(fields[1]), price: String(fields[2].trimmingSpaces()),
                                    location: location, value: value, quote: quote))
    }

    // MARK: - Names

    mutating func accountName(_ text: Substring, at location: SourceLocation) throws(ImportError) -> AccountName {
        if let known = accountNames[text] { return known }
        do {
            // hledger prefixes the name first, then applies the aliases.
            let prefixed = parentAccounts.isEmpty ? String(text) : parentAccounts.joined(separator: ":") + ":" + text
            let name = try AccountName(aliased(prefixed, at: location))
            accountNames[text] = name
            return name
        } catch {
            throw .invalidAccount(location, reason: error.description)
        }
    }
}
