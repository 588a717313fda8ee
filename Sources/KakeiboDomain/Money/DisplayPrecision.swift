/// How many decimals reports show each commodity with (issue 36): hledger's display precision.
///
/// A commodity's stored precision only grows (`CommodityPrecisionGrown`), so one `$0.00125` in a
/// journal stores every USD amount at 5 decimals. hledger keeps the same exact figures but shows
/// them at the commodity's display precision: the one its `commodity` directive declares, else the
/// most decimals its amounts are written with. Reports do the same through this value: each shown
/// amount is rounded half to even (as hledger 1.25's `roundTo` does: `$0.125` shows `$0.12`,
/// `$0.135` shows `$0.14`), after every sum and running balance was taken exactly. The log, replay,
/// exports, CSV and JSON keep every stored digit.
public struct DisplayPrecision: Hashable, Sendable {
    /// Decimals by commodity code, only for commodities shown with fewer than they are stored with.
    public var digits: [String: Int]

    public init(digits: [String: Int] = [:]) { self.digits = digits }

    /// Shows everything at its stored precision.
    public static let stored = DisplayPrecision()

    /// `money` as a report shows it: rounded to its commodity's display precision when that is
    /// smaller than the stored one, else as it is.
    public func shown(_ money: Money) -> Money {
        guard let shown = digits[money.currency.code], shown < money.currency.minorDigits else { return money }
        return money.rounded(toDigits: shown)
    }

    /// The decimals a display sample is written with (`$1,000.00` → 2, `1.000,00 EUR` → 2,
    /// `BTC 1.00000000` → 8, `¥1000.` → 0); nil when it is no sample.
    public static func decimals(inSample sample: String) -> Int? {
        guard let style = AmountStyle(sample: sample) else { return nil }
        let number = sample.filter { $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }
        guard let mark = number.lastIndex(of: style.decimalMark) else { return 0 }
        return number.distance(from: number.index(after: mark), to: number.endIndex)
    }
}

extension Money {
    /// This amount at `digits` decimals (fewer than its commodity's), rounded half to even: for
    /// display only, never stored. Exact when `digits` is not fewer.
    public func rounded(toDigits digits: Int) -> Money {
        let drop = currency.minorDigits - digits
        guard drop > 0, digits >= 0 else { return self }
        let divisor = Int64(UInt64.tenToThe(drop))
        var quotient = minorUnits / divisor
        let remainder = (minorUnits % divisor).magnitude  // same sign as minorUnits; magnitude < divisor
        let half = UInt64(divisor) / 2
        if remainder > half || (remainder == half && quotient % 2 != 0) {
            quotient += minorUnits < 0 ? -1 : 1
        }
        return Money(minorUnits: quotient, currency: currency.storedAt(digits))
    }
}
