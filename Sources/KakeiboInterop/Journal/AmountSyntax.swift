import KakeiboDomain

/// Journal amounts and dates: `$1,234.56`, `-$5`, `$-5`, `1234.56 USD`, `USD 1234.56`, `€10,00`.
///
/// Numbers go through `Money.parse`, so grouping and decimals are checked as strictly as typed
/// commands; a commodity that uses a decimal comma (declared with `commodity 1.000,00 EUR` or
/// `decimal-mark ,`) has its marks swapped first.
struct AmountSyntax {
    /// ISO codes whose amounts are written with a decimal comma, from `commodity` directives.
    var decimalComma: [String: Bool] = [:]
    /// From `decimal-mark ,`: the mark for commodities no directive describes.
    var defaultDecimalComma = false
    /// From `D $1,000.00`: the commodity of amounts written without one.
    var defaultCommodity: String?
    /// Commodities outside the ISO table, with the precision a `commodity` directive or their
    /// first use gave, and the order they were first met in (for `CommodityDeclared`).
    var commodities: [String: Commodity] = [:]
    var commodityOrder: [(commodity: Commodity, display: String?, location: SourceLocation)] = []
    /// The precision the empty-symbol commodity is read at: the most decimals any bare amount in
    /// the journal has. Unknown until the journal is read, so a read that meets more decimals
    /// than this records them in `bareDigitsSeen` and the journal is read again (`JournalReader.read`).
    var bareDigits = 0
    var bareDigitsSeen = 0
    /// Likewise for commodities outside the ISO table: hledger keeps every decimal an amount is
    /// written with (`BTC 0` first, `BTC 0.12345678` later), so each is stored at the most
    /// decimals its amounts have; a read that meets more raises `minimumDigits` and reads again.
    var minimumDigits: [String: Int] = [:]
    var digitsSeen: [String: Int] = [:]
    /// A price met before any amount of its commodity (`55.3653 C @ 30.92189512 D` above `-1712 D`)
    /// counts that commodity at the price's decimals (`priceGuesses`); when its amounts give it
    /// another precision, the journal is read again with that one (`priceDigits`). Two precisions
    /// of one commodity in a transaction would be two commodities that never balance (precision-01
    /// of hledger's tests).
    var priceDigits: [String: Int] = [:]
    var priceGuesses: [String: Int] = [:]

    /// Each commodity's display style (by code: `$` is USD), from a `commodity` or `D` directive,
    /// or else from its first amount as written (hledger's rule), in the order first met.
    var styles: [String: (style: AmountStyle, directive: Bool, location: SourceLocation)] = [:]
    /// A directive's sample as written (`BTC 1.00000000`), kept as the display when it has the stored precision.
    var directiveSamples: [String: String] = [:]

    /// The display a commodity is declared with: its directive's sample as written when that has
    /// `digits` decimals, or else the style's own sample.
    func display(_ code: String, digits: Int) -> String? {
        guard let style = styles[code]?.style else { return nil }
        if let written = directiveSamples[code] {
            let number = written.filter { $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }
            let decimals = number.lastIndex(of: style.decimalMark).map { number.distance(from: number.index(after: $0), to: number.endIndex) } ?? -1
            if decimals == digits || (digits == 0 && decimals == 0) { return written }
        }
        return style.sample(digits: digits)
    }
    var styleOrder: [String] = []
    /// The style and decimals of each commodity's first price as written (`@ $16.02`): its display
    /// when no amount of it is written at all, as in hledger.
    var priceStyles: [String: (style: AmountStyle, digits: Int)] = [:]

    /// hledger's display precision for `code` (issue 36): a `commodity` directive's decimals, else
    /// the most decimals its amounts are written with (`digitsSeen`), else `stored`.
    func displayDigits(_ code: String, stored: Int) -> Int {
        if let style = styles[code], style.directive, let sample = directiveSamples[code] {
            let number = sample.filter { $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }
            return number.lastIndex(of: style.style.decimalMark).map { number.distance(from: number.index(after: $0), to: number.endIndex) } ?? 0
        }
        return max(stored, digitsSeen[code] ?? 0)
    }

    /// Keeps `text`'s style for `commodity` unless a directive gave one (a directive always wins).
    mutating func noteStyle(_ text: Substring, commodity: Commodity, directive: Bool, decimalComma comma: Bool, at location: SourceLocation) {
        let text = Self.withoutSpaceGroups(text)
        guard !commodity.isBare, directive || styles[commodity.code] == nil,
              styles[commodity.code]?.directive != true || directive,
              let style = AmountStyle(sample: String(text), decimalComma: comma) else { return }
        if styles[commodity.code] == nil { styleOrder.append(commodity.code) }
        styles[commodity.code] = (style, directive, location)
        if directive { directiveSamples[commodity.code] = String(text) }
    }

    static let symbols = Commodity.symbols

    /// `1 000.00 EUR` as `1000.00 EUR`: a style has no space digit-group mark, and one read with
    /// it would take `000.00 EUR` for the symbol side. The same rule as `split`'s.
    static func withoutSpaceGroups(_ text: Substring) -> Substring {
        let s = Array(text.unicodeScalars)
        guard s.contains(" ") else { return text }
        func digit(_ i: Int) -> Bool { i >= 0 && i < s.count && ("0"..."9").contains(s[i]) }
        var kept = String.UnicodeScalarView()
        var seenMark = false
        for i in s.indices {
            if s[i] == "." || s[i] == "," { seenMark = true }
            if !digit(i) && s[i] != "." && s[i] != "," && s[i] != " " { seenMark = false }
            if s[i] == " ", !seenMark, digit(i - 1), digit(i + 1), digit(i + 2), digit(i + 3), !digit(i + 4) { continue }
            kept.append(s[i])
        }
        return Substring(String(kept))
    }

    /// The commodity and number of an amount, before the number is read.
    struct Parts {
        var negative: Bool
        var commodity: String
        var number: String
    }

    /// Splits `-$1,234.56`, `$-5`, `12.50 USD` or `EUR 10,00` into sign, commodity and number.
    static func split(_ text: Substring, at location: SourceLocation, defaultCommodity: String? = nil) throws(ImportError) -> Parts {
        let s = Array(text.unicodeScalars)
        var i = 0
        func skipSpaces() { while i < s.count, s[i] == " " || s[i] == "\t" { i += 1 } }
        func isNumberScalar(_ c: Unicode.Scalar) -> Bool { ("0"..."9").contains(c) || c == "." || c == "," }
        func isLetter(_ c: Unicode.Scalar) -> Bool { ("A"..."Z").contains(c) || ("a"..."z").contains(c) }
        func readNumber() -> String {
            var n = String.UnicodeScalarView()
            while i < s.count {
                if isNumberScalar(s[i]) { n.append(s[i]); i += 1; continue }
                // `1 000.00 EUR`: hledger takes a space between groups of three digits as a digit
                // group mark (numbers-05 of its tests). It is dropped, so the number is `1000.00`.
                if s[i] == " ", let last = n.last, ("0"..."9").contains(last), !n.contains(where: { $0 == "." || $0 == "," }),
                   i + 3 < s.count, (1...3).allSatisfy({ ("0"..."9").contains(s[i + $0]) }),
                   i + 4 == s.count || !("0"..."9").contains(s[i + 4]) {
                    i += 1
                    continue
                }
                break
            }
            return String(n)
        }
        func readCommodity() throws(ImportError) -> String {
            guard i < s.count else { throw .syntax(location, expected: "a commodity such as $ or USD", found: "the end of the amount") }
            if s[i] == "\"" {
                throw .unsupported(location, found: "a quoted commodity", hint: "use $, €, £, ¥ or an ISO 4217 code")
            }
            if symbols[s[i]] != nil { i += 1; return String(s[i - 1]) }
            var c = String.UnicodeScalarView()
            while i < s.count, isLetter(s[i]) { c.append(s[i]); i += 1 }
            guard !c.isEmpty else {
                throw .syntax(location, expected: "a commodity such as $ or USD", found: "\"\(String(s[i]))\"")
            }
            return String(c)
        }
        func readSign() -> Bool? {
            guard i < s.count, s[i] == "-" || s[i] == "+" else { return nil }
            i += 1
            return s[i - 1] == "-"
        }

        var negative = readSign()
        skipSpaces()
        let commodity: String, number: String
        if i < s.count, isNumberScalar(s[i]) {
            number = readNumber()
            skipSpaces()
            if i == s.count {
                // No symbol: `D`'s commodity, or else hledger's empty-symbol one (never the ledger's currency).
                commodity = defaultCommodity ?? ""
            } else {
                commodity = try readCommodity()
            }
        } else {
            commodity = try readCommodity()
            skipSpaces()
            if let inner = readSign() {
                guard negative == nil else {
                    throw .invalidAmount(location, text: String(text), reason: "it has two signs; keep one")
                }
                negative = inner
            }
            skipSpaces()
            number = readNumber()
            guard !number.isEmpty else {
                throw .syntax(location, expected: "a number after \(commodity)", found: i < s.count ? "\"\(String(s[i]))\"" : "nothing")
            }
        }
        skipSpaces()
        if i < s.count {
            let rest = String(String.UnicodeScalarView(s[i...]))
            throw .syntax(location, expected: "the end of the amount", found: "\"\(rest)\"")
        }
        return Parts(negative: negative ?? false, commodity: commodity, number: number)
    }

    /// `$` → USD, `€` → EUR, `£` → GBP, `¥` → JPY; otherwise a known three-letter ISO code.
    static func currency(_ commodity: String, at location: SourceLocation) throws(ImportError) -> Currency {
        if commodity.unicodeScalars.count == 1, let scalar = commodity.unicodeScalars.first, let currency = symbols[scalar] {
            return currency
        }
        guard commodity.utf8.count == 3, commodity.utf8.allSatisfy({ (0x41...0x5A).contains($0) }),
              let currency = try? Currency(code: commodity) else {
            throw .unknownCommodity(location, commodity)
        }
        return currency
    }

    /// An ISO currency (or `$ € £ ¥`), or any other symbol at the precision it was declared
    /// with, or else at the decimals `number` has: hledger's "first use" rule.
    mutating func commodity(_ symbol: String, number: String?, display: String? = nil,
                            at location: SourceLocation) throws(ImportError) -> Commodity {
        if let iso = try? Self.currency(symbol, at: location) { return isoAtReadPrecision(iso, symbol: symbol, number: number) }
        if symbol.isEmpty {
            let mark: Character = (decimalComma[""] ?? defaultDecimalComma) ? "," : "."
            if let number, let dot = number.lastIndex(of: mark) {
                bareDigitsSeen = max(bareDigitsSeen, number.distance(from: number.index(after: dot), to: number.endIndex))
            }
        }
        if !symbol.isEmpty, let number {
            let mark: Character = (decimalComma[symbol] ?? defaultDecimalComma) ? "," : "."
            if let dot = number.lastIndex(of: mark) {
                digitsSeen[symbol] = max(digitsSeen[symbol] ?? 0, number.distance(from: number.index(after: dot), to: number.endIndex))
            }
        }
        if let known = commodities[symbol] { return known }
        if symbol.isEmpty {
            let bare = Commodity.bare(minorDigits: min(bareDigits, Commodity.maximumDigits))
            commodities[symbol] = bare
            commodityOrder.append((bare, display, location))
            return bare
        }
        guard Commodity.isValidSymbol(symbol) else { throw .unknownCommodity(location, symbol) }
        let comma = decimalComma[symbol] ?? defaultDecimalComma
        let mark: Character = comma ? "," : "."
        let written = number.flatMap { n in n.lastIndex(of: mark).map { n.distance(from: n.index(after: $0), to: n.endIndex) } } ?? 0
        let digits = max(written, min(minimumDigits[symbol] ?? 0, Commodity.maximumDigits))
        let commodity: Commodity
        do { commodity = try Commodity(symbol: symbol, minorDigits: digits) } catch {
            throw .invalidAmount(location, text: symbol, reason: error.description)
        }
        commodities[symbol] = commodity
        commodityOrder.append((commodity, display, location))
        return commodity
    }

    /// An ISO currency at the precision this read stores it at: its table's, or more when some
    /// amount of it has more decimals (`$1.0049`): hledger keeps every decimal, and so does the
    /// ledger, whose stored precision grows (`CommodityPrecisionGrown`). The decimals are noted
    /// (`digitsSeen`, by code) and the journal read again at that precision, as for other symbols.
    mutating func isoAtReadPrecision(_ iso: Commodity, symbol: String, number: String?) -> Commodity {
        if let number {
            let mark: Character = (decimalComma[iso.code] ?? decimalComma[symbol] ?? defaultDecimalComma) ? "," : "."
            if let dot = number.lastIndex(of: mark) {
                var decimals = number[number.index(after: dot)...]
                while decimals.count > iso.minorDigits, decimals.last == "0" { decimals.removeLast() }
                if decimals.count > iso.minorDigits, decimals.allSatisfy(\.isNumber) {
                    digitsSeen[iso.code] = max(digitsSeen[iso.code] ?? 0, decimals.count)
                }
            }
        }
        guard let digits = minimumDigits[iso.code], digits > iso.minorDigits, digits <= Commodity.maximumDigits else { return iso }
        return iso.storedAt(digits)
    }

    /// A price's number, exactly: `$1.09`, `2.495 GEL`, `1,0875 EUR` with a decimal comma. A
    /// unit price may have more decimals than its commodity, so it never goes through `Money`.
    mutating func price(_ text: Substring, at location: SourceLocation) throws(ImportError) -> (ExactDecimal, Commodity) {
        let parts = try Self.split(text, at: location, defaultCommodity: defaultCommodity)
        // A price does not set its commodity's precision: a unit price has more digits than the
        // amounts it is quoted for. Unknown until then, it counts at the price's own decimals.
        let iso = (try? Self.currency(parts.commodity, at: location)).map { isoAtReadPrecision($0, symbol: parts.commodity, number: nil) }
        let known = commodities[parts.commodity] ?? iso
        let commodity: Commodity
        if let known {
            commodity = known
        } else if let digits = priceDigits[parts.commodity] {
            // An earlier read found the precision its amounts (met after this price) give it.
            do { commodity = try Commodity(symbol: parts.commodity, minorDigits: digits) } catch {
                throw .invalidAmount(location, text: String(text), reason: error.description)
            }
        } else {
            var scratch = self
            commodity = try scratch.commodity(parts.commodity, number: parts.number, at: location)
            if !commodity.isISO { priceGuesses[parts.commodity] = commodity.minorDigits }
        }
        let comma = decimalComma[commodity.code] ?? decimalComma[parts.commodity] ?? defaultDecimalComma
        let plain = parts.number.filter { $0 != (comma ? "." : ",") }.map { $0 == "," ? "." : $0 }
        if priceStyles[commodity.code] == nil, let style = AmountStyle(sample: String(Self.withoutSpaceGroups(text)), decimalComma: comma) {
            priceStyles[commodity.code] = (style, String(plain).split(separator: ".", maxSplits: 1).dropFirst().first?.count ?? 0)
        }
        do {
            return (try ExactDecimal(parsing: (parts.negative ? "-" : "") + String(plain)), commodity)
        } catch {
            throw .invalidAmount(location, text: String(text), reason: error.description)
        }
    }

    mutating func amount(_ text: Substring, at location: SourceLocation) throws(ImportError) -> Money {
        let parts = try Self.split(text, at: location, defaultCommodity: defaultCommodity)
        let currency = try commodity(parts.commodity, number: parts.number, at: location)
        let comma = decimalComma[currency.code] ?? decimalComma[parts.commodity] ?? defaultDecimalComma
        if styles[currency.code] == nil { noteStyle(text, commodity: currency, directive: false, decimalComma: comma, at: location) }
        var number = parts.number
        if comma {
            number = String(String.UnicodeScalarView(number.unicodeScalars.map { $0 == "," ? "." : $0 == "." ? "," : $0 }))
        }
        // `1. EUR`: a decimal mark with no digits after it is a whole amount, as hledger reads it
        // (numbers-03 of hledger's tests). Only here: a typed command's "1." stays refused (MoneyTests).
        if number.hasSuffix("."), number.dropLast().last?.isNumber == true, number.filter({ $0 == "." }).count == 1 {
            number.removeLast()
        }
        do {
            return try Money.parse((parts.negative ? "-" : "") + number, currency: currency)
        } catch {
            var reason = error.description
            if case .invalidAmount(_, let why) = error { reason = why }
            if !comma, parts.number.contains(",") {
                reason += "; if \",\" is the decimal mark, declare it first: `commodity 1.000,00 \(currency.code)`"
            }
            throw .invalidAmount(location, text: String(text), reason: reason)
        }
    }

    /// `2026-11-02`, `2026/11/02` or `2026.11.02`; months and days may have one digit.
    /// With `defaultYear` (from `Y 2026`), `01/15` and `1-15` are dates of that year.
    static func date(_ text: Substring, at location: SourceLocation, defaultYear: Int? = nil) throws(ImportError) -> LocalDate {
        let bytes = Array(text.utf8)
        guard let separator = bytes.first(where: { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: ".") }) else {
            throw .invalidDate(location, text: String(text), reason: "it has no separator")
        }
        var fields = bytes.split(separator: separator, omittingEmptySubsequences: false)
        if fields.count == 2, let defaultYear, (1000...9999).contains(defaultYear) {
            fields.insert(ArraySlice(Array(String(defaultYear).utf8)), at: 0)
        }
        guard fields.count == 3 else {
            if fields.count == 2 {
                throw .unsupported(location, found: "a date without a year (\"\(text)\")",
                                   hint: "write the year (2026-\(text)), or declare it first with `Y 2026`")
            }
            throw .invalidDate(location, text: String(text), reason: "it needs a year, a month and a day")
        }
        var numbers: [Int] = []
        for (index, field) in fields.enumerated() {
            let widths = index == 0 ? 4...4 : 1...2
            guard widths.contains(field.count), field.allSatisfy({ (0x30...0x39).contains($0) }) else {
                throw .invalidDate(location, text: String(text), reason: index == 0 ? "the year must have 4 digits" : "month and day need 1 or 2 digits")
            }
            numbers.append(field.reduce(0) { $0 * 10 + Int($1 - 0x30) })
        }
        do {
            return try LocalDate(year: numbers[0], month: numbers[1], day: numbers[2])
        } catch {
            throw .invalidDate(location, text: String(text), reason: error.description)
        }
    }
}
