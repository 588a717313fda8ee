/// The smallest step cash totals are rounded to where coins below it are gone (Malaysia's 5-sen rounding
/// mechanism since 2008, Switzerland, Canada and Australia 5, New Zealand 10), in minor units.
///
/// A receipt with a rounding line in such a currency ends on a multiple of the step: that decides
/// between the figure before rounding and the one after when OCR garbled the rounding amount.
enum CashRounding {
    static let steps: [String: Int64] = ["MYR": 5, "CHF": 5, "CAD": 5, "AUD": 5, "NZD": 10]

    static func step(for currency: String) -> Int64? { steps[currency] }

    /// `value` rounded half up to the nearest multiple of `step`.
    static func rounded(_ value: Int64, step: Int64) -> Int64 {
        let remainder = ((value % step) + step) % step
        return remainder * 2 >= step ? value - remainder + step : value - remainder
    }
}
