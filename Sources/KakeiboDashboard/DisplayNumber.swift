/// Display-only arithmetic on the JSON's figures: bar widths from basis points and chart geometry
/// from decimal strings. Nothing here produces an amount that is shown as money; every amount on a
/// page is the JSON's own string.
enum DisplayNumber {
    /// `1620` → `"16.20"`: basis points as a percentage with two decimals, for text and CSS widths.
    static func percent(basisPoints: Int64) -> String {
        let sign = basisPoints < 0 ? "-" : ""
        let magnitude = basisPoints.magnitude
        let cents = magnitude % 100
        return "\(sign)\(magnitude / 100).\(cents < 10 ? "0" : "")\(cents)"
    }

    /// A bar's width in percent: the ratio capped to 0…100 %.
    static func barWidth(basisPoints: Int64?) -> String {
        percent(basisPoints: min(max(basisPoints ?? 0, 0), 10_000))
    }

    static func isNegative(_ decimal: String) -> Bool { decimal.hasPrefix("-") }

    /// `"-3.25"` → `"3.25"`: the text after "over by".
    static func magnitude(_ decimal: String) -> String {
        decimal.hasPrefix("-") ? String(decimal.dropFirst()) : decimal
    }

    /// Where `geometry` saturates: far beyond any household figure, and differences of two stay in range.
    static let geometryLimit: Int64 = 1 << 60

    /// A decimal string as an integer in ten-thousandths, for chart geometry only (saturating, 0 when unreadable).
    static func geometry(_ decimal: String) -> Int64 {
        let value = unclampedGeometry(decimal)
        return min(max(value, -geometryLimit), geometryLimit)
    }

    private static func unclampedGeometry(_ decimal: String) -> Int64 {
        var negative = false, value: Int64 = 0, fraction = -1
        for (offset, byte) in decimal.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "-") where offset == 0: negative = true
            case UInt8(ascii: "."): fraction = 0
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if fraction >= 4 { continue }
                if fraction >= 0 { fraction += 1 }
                let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
                if overflow1 || overflow2 { return negative ? -Int64.max : .max }
                value = sum
            default: return 0
            }
        }
        for _ in 0..<(4 - max(fraction, 0)) {
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            if overflow { return negative ? -Int64.max : .max }
            value = times
        }
        return negative ? -value : value
    }

    /// `value` scaled from `0…range` onto `0…pixels`, rounded down, without overflow.
    static func scale(_ value: Int64, range: Int64, pixels: Int) -> Int {
        guard range > 0 else { return 0 }
        let (high, low) = value.multipliedFullWidth(by: Int64(pixels))
        let (quotient, _) = range.dividingFullWidth((high, low))
        return Int(quotient)
    }

    static let monthNames = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec"

    /// `"2026-11"` → `"Nov"`; anything else is shown as it is.
    static func monthLabel(_ period: String) -> String {
        guard period.count == 7, let month = Int(period.suffix(2)), (1...12).contains(month) else { return period }
        return String(monthNames.split(separator: " ")[month - 1])
    }
}
