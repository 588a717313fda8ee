// The weight of a priced posting (what it is worth in the cost commodity), rounded half-even to
// that commodity's minor unit, and the exact remainder the rounding left: hledger #2041's
// 84.01 USD @ 2.495 GEL weighs 209.60495 GEL, stored as 209.60 with 0.00495 reported.

extension PostingCost {
    /// The posting's weight in `commodity`, and the residual (exact weight − stored weight) as an
    /// exact decimal in that commodity. A total cost takes the amount's sign.
    public func weight(of amount: Money) throws(MoneyError) -> (weight: Money, residual: ExactDecimal) {
        let factor: Int64
        let exponent: Int
        switch per {
        case .unit:
            factor = amount.minorUnits
            exponent = commodity.minorDigits - amount.currency.minorDigits - value.scale
        case .total:
            factor = amount.minorUnits < 0 ? -1 : 1
            exponent = commodity.minorDigits - value.scale
        }
        let negative = (factor < 0) != (value.mantissa < 0) && factor != 0 && value.mantissa != 0
        let (high, low) = factor.magnitude.multipliedFullWidth(by: value.mantissa.magnitude)
        var quotient: UInt64
        var remainder: UInt64 = 0
        var remainderScale = commodity.minorDigits
        if exponent >= 0 {
            guard high == 0, exponent <= 18 else { throw .overflow }
            let (scaled, overflow) = low.multipliedReportingOverflow(by: UInt64.tenToThe(exponent))
            guard !overflow else { throw .overflow }
            quotient = scaled
        } else {
            guard -exponent <= 18 else { throw .overflow }
            let divisor = UInt64.tenToThe(-exponent)
            guard high < divisor else { throw .overflow }
            (quotient, remainder) = divisor.dividingFullWidth((high, low))
            remainderScale = commodity.minorDigits - exponent
            // Half-even: a tie goes to the even neighbour, so ties do not drift one way.
            if remainder > divisor - remainder || (remainder == divisor - remainder && quotient % 2 == 1) {
                quotient += 1
                let (residual, _) = remainder.subtractingReportingOverflow(divisor)
                remainder = residual // wraps: read back as a negative residual below
            }
        }
        guard quotient <= UInt64(Int64.max) else { throw .overflow }
        let stored = Int64(quotient)
        var signedRemainder = Int64(bitPattern: remainder)
        // Only the report of the residual loses digits past 18 decimals, never the weight.
        while remainderScale > 18 { signedRemainder /= 10; remainderScale -= 1 }
        let residual = negative ? -signedRemainder : signedRemainder
        return (Money(minorUnits: negative ? -stored : stored, currency: commodity),
                ExactDecimal(mantissa: residual, scale: remainderScale))
    }
}
