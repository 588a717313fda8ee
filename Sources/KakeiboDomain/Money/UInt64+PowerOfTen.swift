extension UInt64 {
    /// 10 to the `exponent`, 0 through 19: a commodity's minor-unit scale (up to
    /// `Commodity.maximumDigits`), a divisor, a cost's shift. Written once for the places that scale.
    static func tenToThe(_ exponent: Int) -> UInt64 {
        precondition((0...19).contains(exponent), "10^\(exponent) is outside UInt64")
        var result: UInt64 = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }
}
