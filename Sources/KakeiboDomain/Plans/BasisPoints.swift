/// Ratios in integer basis points (1/100 of a percent), so no float ever touches money.
public enum BasisPoints {
    /// `numerator / denominator` in basis points, truncated toward zero; nil when the denominator
    /// is not positive. Capped at ±10^12 so absurd ratios cannot overflow.
    public static func ratio(_ numerator: Int64, _ denominator: Int64) -> Int64? {
        guard denominator > 0 else { return nil }
        let cap: Int64 = 1_000_000_000_000
        if numerator.magnitude / UInt64(denominator) >= UInt64(cap / 10_000) { return numerator < 0 ? -cap : cap }
        let product = numerator.multipliedFullWidth(by: 10_000)
        return denominator.dividingFullWidth(product).quotient
    }

    /// `numerator / denominator` in basis points rounded half to even, for a percentage shown as a figure
    /// (7/11 is 6364, "63.64%", where `ratio` gives the truncated 6363); `ratio` stays truncated for the
    /// budget bands, so 74.999 % is never shown in the 75 % band. Nil when the denominator is not positive.
    public static func rounded(_ numerator: Int64, _ denominator: Int64) -> Int64? {
        guard let truncated = ratio(numerator, denominator) else { return nil }
        let cap: Int64 = 1_000_000_000_000
        if truncated == cap || truncated == -cap { return truncated }
        let remainder = denominator.dividingFullWidth(numerator.multipliedFullWidth(by: 10_000)).remainder
        // |remainder| < denominator, so twice it fits in UInt64.
        let twice = remainder.magnitude * 2, whole = UInt64(denominator)
        guard twice > whole || (twice == whole && truncated % 2 != 0) else { return truncated }
        return numerator < 0 ? truncated - 1 : truncated + 1
    }

    /// `5980` → `"59.80%"`: for messages that also show percentages, so one unit is used throughout.
    public static func percentString(_ basisPoints: Int64) -> String {
        let magnitude = basisPoints.magnitude
        let cents = String(magnitude % 100)
        return (basisPoints < 0 ? "-" : "") + "\(magnitude / 100)." + (cents.count < 2 ? "0" : "") + cents + "%"
    }

    /// `4500` → `"0.4500"`, `-125` → `"-0.0125"`: the ratio as an exact decimal string.
    public static func decimalString(_ basisPoints: Int64) -> String {
        let magnitude = basisPoints.magnitude
        let fraction = String(magnitude % 10_000)
        return (basisPoints < 0 ? "-" : "") + "\(magnitude / 10_000)." + String(repeating: "0", count: 4 - fraction.count) + fraction
    }
}
