/// How a journal writes a commodity's amounts (hledger's display style): the symbol as written
/// and on which side, whether a space separates it, the decimal mark and the digit-group mark.
/// `$1,000.00`, `1.000,00 EUR`, `BTC 1.00000000`, `€10,00`.
///
/// A style says nothing about precision: amounts are written with the digits they are stored
/// with, and a unit price with all of its own.
public struct AmountStyle: Hashable, Sendable {
    public var symbol: String
    public var symbolOnLeft: Bool
    public var spaced: Bool
    public var decimalMark: Character
    public var groupMark: Character?

    public init(symbol: String, symbolOnLeft: Bool, spaced: Bool, decimalMark: Character, groupMark: Character?) {
        self.symbol = symbol; self.symbolOnLeft = symbolOnLeft; self.spaced = spaced
        self.decimalMark = decimalMark; self.groupMark = groupMark
    }

    /// Reads a sample amount (`$1,000.00`, `-12,50 EUR`). `decimalComma` says which mark is the
    /// decimal one when the reader knows it (a `commodity` directive, `decimal-mark`); without it
    /// the last of two marks is the decimal one, a mark written twice groups digits, and a single
    /// one is the decimal mark, as in a `commodity` directive. Nil for a sample with no number or
    /// no symbol, or a quoted symbol.
    public init?(sample: String, decimalComma: Bool? = nil) {
        let text = Array(Self.trimmed(sample))
        func isNumeric(_ c: Character) -> Bool { c.isASCII && (c.isNumber || c == "." || c == ",") }
        func isSign(_ c: Character) -> Bool { c == "-" || c == "+" }
        guard let firstDigit = text.firstIndex(where: { $0.isASCII && $0.isNumber }) else { return nil }
        var numberStart = firstDigit
        while numberStart > 0, isNumeric(text[numberStart - 1]) { numberStart -= 1 }
        var numberEnd = firstDigit
        while numberEnd < text.count, isNumeric(text[numberEnd]) { numberEnd += 1 }
        let before = String(text[..<numberStart]).filter { !isSign($0) }
        let after = String(text[numberEnd...])
        let leftSymbol = Self.trimmed(before)
        let rightSymbol = Self.trimmed(after)
        guard leftSymbol.isEmpty != rightSymbol.isEmpty else { return nil }
        symbolOnLeft = !leftSymbol.isEmpty
        symbol = symbolOnLeft ? leftSymbol : rightSymbol
        guard !symbol.contains("\"") else { return nil }
        spaced = symbolOnLeft ? before.last == " " : after.first == " "
        let number = text[numberStart..<numberEnd]
        let dots = number.filter { $0 == "." }.count, commas = number.filter { $0 == "," }.count
        if let decimalComma {
            decimalMark = decimalComma ? "," : "."
        } else if dots > 0, commas > 0 {
            decimalMark = number.last(where: { $0 == "." || $0 == "," })!
        } else if dots > 1 {
            decimalMark = ","
        } else if commas > 1 {
            decimalMark = "."
        } else {
            decimalMark = commas == 1 ? "," : "."
        }
        let other: Character = decimalMark == "." ? "," : "."
        groupMark = number.contains(other) ? other : nil
    }

    /// Writes a plain decimal (`-1234.5`: `.` as its mark, as `Money.decimalString` and
    /// `ExactDecimal` give it) in this style: `$-1,234.5`. Digits are grouped only in a number
    /// with decimals, so a grouped number can never be read as a decimal one.
    public func format(_ plain: String) -> String {
        var digits = Substring(plain)
        var negative = false
        if digits.first == "-" { negative = true; digits = digits.dropFirst() } else if digits.first == "+" { digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        var integer = String(parts[0])
        let fraction = parts.count > 1 ? String(parts[1]) : ""
        if let groupMark, !fraction.isEmpty, integer.count > 3 {
            var grouped = ""
            for (index, digit) in integer.enumerated() {
                if index > 0, (integer.count - index) % 3 == 0 { grouped.append(groupMark) }
                grouped.append(digit)
            }
            integer = grouped
        }
        let number = (negative ? "-" : "") + integer + (fraction.isEmpty ? "" : String(decimalMark) + fraction)
        let gap = spaced ? " " : ""
        return symbolOnLeft ? symbol + gap + number : number + gap + symbol
    }

    static func trimmed(_ text: String) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    /// What a `commodity` directive says for amounts with `digits` decimals: `$1,000.00`.
    /// With no decimals the mark still ends the number (`¥1000.`), as hledger asks of a directive.
    public func sample(digits: Int) -> String {
        guard digits == 0 else { return format("1000." + String(repeating: "0", count: digits)) }
        var whole = self
        whole.groupMark = nil
        let written = whole.format("1000")
        let gap = spaced ? " " : ""
        return symbolOnLeft ? written + String(decimalMark) : "1000" + String(decimalMark) + gap + symbol
    }
}
