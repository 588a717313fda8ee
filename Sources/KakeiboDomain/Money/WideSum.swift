/// A running sum of Int64 minor units that may pass Int64 on the way and come back.
///
/// It counts wrap-arounds, so a total that fits is exact whatever order its terms come in,
/// and a total that does not fit is known not to: a balance, or a parent's total in the
/// balance tree, must never be stored or shown past Int64.
public struct WideSum: Hashable, Sendable {
    private var low: Int64 = 0
    /// How many times the true sum went past Int64 upwards, less the times it went downwards.
    private var wraps = 0

    public init() {}

    public init(_ value: Int64) {
        low = value
    }

    public mutating func add(_ value: Int64) {
        let (sum, overflow) = low.addingReportingOverflow(value)
        if overflow { wraps += value > 0 ? 1 : -1 }
        low = sum
    }

    /// Takes `value` away, in two halves, so even Int64.min is subtracted without trapping.
    public mutating func subtract(_ value: Int64) {
        add(-(value / 2))
        add(-(value - value / 2))
    }

    public mutating func add(_ other: WideSum) {
        add(other.low)
        wraps += other.wraps
    }

    /// The total, or nil when it does not fit in Int64.
    public var value: Int64? { wraps == 0 ? low : nil }
}
