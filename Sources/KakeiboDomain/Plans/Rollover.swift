/// What a budget period hands to the next one.
public enum Rollover: String, Sendable, CaseIterable {
    /// Every period starts fresh.
    case none
    /// Unspent money carries forward; overspending is forgiven.
    case positive
    /// Unspent money and overspending both carry forward.
    case both

    /// The carry-out of a period that ended with `available` left (negative when overspent).
    public func carryOut(of available: Int64) -> Int64 {
        switch self {
        case .none: 0
        case .positive: max(available, 0)
        case .both: available
        }
    }
}
