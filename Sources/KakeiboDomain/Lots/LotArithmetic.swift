/// Exact integer shares for lot accounting: `total × part ÷ whole`, rounded half-even, in
/// 128-bit intermediate so a basis of billions of cents times millions of units cannot overflow.
public enum LotArithmetic {
    public static func share(_ total: Int64, _ part: Int64, of whole: Int64) throws -> Int64 {
        precondition(whole > 0 && part >= 0, "a share of a positive whole")
        if part == whole { return total }
        let negative = total < 0
        let (high, low) = total.magnitude.multipliedFullWidth(by: part.magnitude)
        let divisor = whole.magnitude
        guard high < divisor else { throw LedgerError.money(.overflow) }
        var (quotient, remainder) = divisor.dividingFullWidth((high, low))
        if remainder > divisor - remainder || (remainder == divisor - remainder && quotient % 2 == 1) { quotient += 1 }
        guard quotient <= UInt64(Int64.max) else { throw LedgerError.money(.overflow) }
        return negative ? -Int64(quotient) : Int64(quotient)
    }

    /// `total` shared among `parts` in proportion, the last taking what rounding left.
    public static func spread(_ total: Int64, over parts: [Int64]) throws -> [Int64] {
        let whole = parts.reduce(0, +)
        guard whole > 0 else { return parts.map { _ in 0 } }
        var result: [Int64] = []
        var given: Int64 = 0
        for (index, part) in parts.enumerated() {
            let share = index == parts.count - 1 ? total - given : try share(total, part, of: whole)
            result.append(share)
            given += share
        }
        return result
    }

    /// `{{$2100.00}}` on 10 units: $210.0000 a unit (four decimals past the total's, half-even).
    public static func unitCost(total: ExactDecimal, units: Money) -> ExactDecimal {
        let extra = min(4, 18 - total.scale)
        let (scaled, overflow) = total.mantissa.multipliedReportingOverflow(by: Int64(UInt64.tenToThe(extra)))
        guard !overflow, units.minorUnits > 0,
              let value = try? share(scaled, Int64(UInt64.tenToThe(units.currency.minorDigits)), of: units.minorUnits)
        else { return total }
        return ExactDecimal(mantissa: value, scale: total.scale + extra)
    }
}
