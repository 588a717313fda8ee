/// One `PriceRecorded` of a day and pair, as the retraction rules see it: its value and whether a
/// `PriceRetracted` took it back. The price in force is the latest recording still standing.
public struct PriceRecording: Hashable, Sendable {
    public var value: ExactDecimal
    public var isRetracted: Bool
    public init(value: ExactDecimal, isRetracted: Bool) {
        self.value = value; self.isRetracted = isRetracted
    }

    /// 1.08 and 1.080 are one price: equal once trailing zeros of the fraction are dropped.
    public static func sameValue(_ a: ExactDecimal, _ b: ExactDecimal) -> Bool {
        func trimmed(_ value: ExactDecimal) -> (Int64, Int) {
            var (mantissa, scale) = (value.mantissa, value.scale)
            while scale > 0, mantissa % 10 == 0 { mantissa /= 10; scale -= 1 }
            return (mantissa, scale)
        }
        return trimmed(a) == trimmed(b)
    }
}
