/// An exact amount in integer minor units, so sums never suffer binary floating-point drift.
public struct Money: Hashable, Sendable, CustomStringConvertible {
    public let minorUnits: Int64
    public let currency: Currency

    public init(minorUnits: Int64, currency: Currency) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    public static func zero(_ currency: Currency) -> Money {
        Money(minorUnits: 0, currency: currency)
    }

    /// Parses "12.50", "-3", "+3", "1,234.56", "0.5", ".5", "-1,000". Rejects garbage instead of reading a prefix.
    public static func parse(_ text: String, currency: Currency) throws(MoneyError) -> Money {
        if let plain = parsePlain(text, currency: currency) { return plain }
        return try parseAny(text, currency: currency)
    }

    /// The common form, read straight from the UTF-8 bytes: an optional sign, 1 to 18 digits, and
    /// optionally "." and digits, with no grouping or spaces and no decimals beyond the currency's
    /// but zeros. Nil for anything else, which `parseAny` reads (or refuses, with the reason).
    /// A journal import parses every amount twice (reading, then deciding): splitting the text
    /// into Characters was most of `parse`, which was 4.3 % of a 100k-transaction re-import's
    /// samples (8 % of the reading thread's), 0.2 % since (perf).
    static func parsePlain(_ text: String, currency: Currency) -> Money? {
        var text = text
        return text.withUTF8 { bytes -> Money? in
            let zero = UInt8(ascii: "0"), nine = UInt8(ascii: "9")
            var i = 0
            let negative = bytes.first == UInt8(ascii: "-")
            if negative || bytes.first == UInt8(ascii: "+") { i = 1 }
            var integer: Int64 = 0
            let integerStart = i
            while i < bytes.count, (zero...nine).contains(bytes[i]), i - integerStart < 18 {
                integer = integer * 10 + Int64(bytes[i] - zero)
                i += 1
            }
            guard i > integerStart else { return nil }
            let allowed = currency.minorDigits
            var fraction: Int64 = 0, used = 0
            if i < bytes.count {
                guard bytes[i] == UInt8(ascii: "."), i + 1 < bytes.count else { return nil }
                i += 1
                while i < bytes.count {
                    let c = bytes[i]
                    guard (zero...nine).contains(c) else { return nil }
                    if used < allowed {
                        fraction = fraction * 10 + Int64(c - zero)
                        used += 1
                    } else if c != zero {
                        return nil
                    }
                    i += 1
                }
            }
            let (whole, overflow) = integer.multipliedReportingOverflow(by: Int64(UInt64.tenToThe(allowed)))
            let (value, carry) = whole.addingReportingOverflow(fraction * Int64(UInt64.tenToThe(allowed - used)))
            guard !overflow, !carry else { return nil }
            return Money(minorUnits: negative ? -value : value, currency: currency)
        }
    }

    /// Any text `parse` is given: grouping, spaces around, a leading "." — or the reason it is no amount.
    static func parseAny(_ text: String, currency: Currency) throws(MoneyError) -> Money {
        let chars = Array(text)
        func fail(_ reason: String) -> MoneyError { .invalidAmount(text, reason: reason) }
        func unexpected(_ i: Int) -> MoneyError { fail("unexpected character \"\(chars[i])\" at position \(i + 1)") }

        var start = 0, end = chars.count
        while start < end, chars[start] == " " { start += 1 }
        while end > start, chars[end - 1] == " " { end -= 1 }
        guard start < end else { throw fail("there are no digits") }

        var i = start
        let negative = chars[i] == "-"
        if chars[i] == "+" || negative { i += 1 }
        guard i < end else { throw fail("the sign \"\(chars[start])\" must be followed by digits") }

        // Integer part, optionally grouped in threes with commas.
        var intDigits: [Int64] = []
        var groupLength = 0
        var lastComma: Int?
        while i < end {
            if let d = digit(chars[i]) {
                intDigits.append(d)
                groupLength += 1
            } else if chars[i] == "," {
                guard !intDigits.isEmpty else { throw unexpected(i) }
                if let comma = lastComma, groupLength != 3 {
                    throw fail("\",\" at position \(comma + 1) must be followed by exactly 3 digits")
                }
                if lastComma == nil, groupLength > 3 {
                    throw fail("\",\" at position \(i + 1) must follow a group of 1 to 3 digits")
                }
                lastComma = i
                groupLength = 0
            } else {
                break
            }
            i += 1
        }
        if let comma = lastComma, groupLength != 3 {
            throw fail("\",\" at position \(comma + 1) must be followed by exactly 3 digits")
        }

        var fracDigits: [Int64] = []
        if i < end, chars[i] == "." {
            let dot = i
            i += 1
            while i < end, let d = digit(chars[i]) {
                fracDigits.append(d)
                i += 1
            }
            if fracDigits.isEmpty {
                throw i < end ? unexpected(i) : fail("the \".\" at position \(dot + 1) must be followed by digits")
            }
        }
        if i < end { throw unexpected(i) }

        // Extra decimals are fine only when they are zeros ("12.500" USD).
        let allowed = currency.minorDigits
        if fracDigits.count > allowed, fracDigits[allowed...].contains(where: { $0 != 0 }) {
            throw .tooManyDecimals(text, currency: currency.code, allowed: allowed)
        }

        // Accumulate as a negative number so Int64.min is reachable.
        let padding = repeatElement(Int64(0), count: max(0, allowed - fracDigits.count))
        var value: Int64 = 0
        for d in intDigits + fracDigits.prefix(allowed) + padding {
            let (shifted, o1) = value.multipliedReportingOverflow(by: 10)
            let (next, o2) = shifted.subtractingReportingOverflow(d)
            guard !o1, !o2 else { throw .overflow }
            value = next
        }
        if !negative {
            let (positive, o) = Int64(0).subtractingReportingOverflow(value)
            guard !o else { throw .overflow }
            value = positive
        }
        return Money(minorUnits: value, currency: currency)
    }

    private static func digit(_ c: Character) -> Int64? {
        guard let a = c.asciiValue, (0x30...0x39).contains(a) else { return nil }
        return Int64(a - 0x30)
    }

    public func adding(_ other: Money) throws(MoneyError) -> Money {
        guard currency == other.currency else { throw .currencyMismatch(currency.code, other.currency.code) }
        let (sum, o) = minorUnits.addingReportingOverflow(other.minorUnits)
        guard !o else { throw .overflow }
        return Money(minorUnits: sum, currency: currency)
    }

    public func subtracting(_ other: Money) throws(MoneyError) -> Money {
        guard currency == other.currency else { throw .currencyMismatch(currency.code, other.currency.code) }
        let (difference, o) = minorUnits.subtractingReportingOverflow(other.minorUnits)
        guard !o else { throw .overflow }
        return Money(minorUnits: difference, currency: currency)
    }

    /// Throws for Int64.min, which has no positive counterpart.
    public func negated() throws(MoneyError) -> Money {
        let (result, o) = Int64(0).subtractingReportingOverflow(minorUnits)
        guard !o else { throw .overflow }
        return Money(minorUnits: result, currency: currency)
    }

    public var isZero: Bool { minorUnits == 0 }
    public var isNegative: Bool { minorUnits < 0 }

    /// Plain decimal with exactly `currency.minorDigits` decimals and no grouping, so `parse` reads it back.
    public var decimalString: String {
        let magnitude = minorUnits.magnitude  // UInt64, so Int64.min is safe
        let sign = minorUnits < 0 ? "-" : ""
        let digits = currency.minorDigits
        guard digits > 0 else { return sign + String(magnitude) }
        let divisor = UInt64.tenToThe(digits)
        let fraction = String(magnitude % divisor)
        let padded = String(repeating: "0", count: digits - fraction.count) + fraction
        return "\(sign)\(magnitude / divisor).\(padded)"
    }

    public var description: String { "\(decimalString) \(currency.code)" }
}
