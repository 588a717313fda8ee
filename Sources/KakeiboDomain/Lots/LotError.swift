/// Why a lot posting or a booking change is refused. Amounts are decimal strings in their
/// commodity, so the CLI can say them as written.
public enum LotError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A sale of more units than the named lot (or the lots at that cost or date) holds.
    case exceedsLot(account: String, lot: String, requested: String, available: String)
    /// A sale of more units than the account holds in lots.
    case exceedsHolding(account: String, requested: String, held: String)
    /// A disposal naming a label no open lot of the account carries.
    case unknownLabel(account: String, label: String, commodity: String)
    /// A disposal selecting by a cost or date no open lot has.
    case noMatchingLot(account: String, selection: String)
    /// A booking method change while the account still holds lots.
    case openLots(account: String, count: Int)
    /// An acquisition without a cost: `{}` on a positive amount with no `@` either.
    case acquisitionWithoutCost(account: String)
    /// A cost in the lot's own commodity, or a label used twice in one account and commodity.
    case invalidLot(account: String, reason: String)
    /// Booking set to the method it already has.
    case sameBooking(account: String, method: BookingMethod)
    /// A transaction that opened or sold lots cannot be edited or voided: a later sale may
    /// already have taken its lots, and undoing one would mean deciding every later sale of
    /// the account again (its lots, basis and gain), which an append-only log records once.
    case lotTransaction(id: String)

    public var description: String {
        switch self {
        case .exceedsLot(let account, let lot, let requested, let available):
            "the sale of \(requested) from \(account) exceeds lot \(lot), which holds \(available)"
        case .exceedsHolding(let account, let requested, let held):
            "the sale of \(requested) from \(account) exceeds the holding of \(held)"
        case .unknownLabel(let account, let label, let commodity):
            "no open lot of \(commodity) in \(account) is labelled \"\(label)\""
        case .noMatchingLot(let account, let selection):
            "no open lot in \(account) matches \(selection)"
        case .openLots(let account, let count):
            "the booking method of \(account) cannot change while it holds \(count) open lot\(count == 1 ? "" : "s")"
        case .acquisitionWithoutCost(let account):
            "the lot acquired in \(account) has no cost"
        case .invalidLot(let account, let reason):
            "invalid lot in \(account): \(reason)"
        case .sameBooking(let account, let method):
            "\(account) already books by \(method.rawValue)"
        case .lotTransaction(let id):
            "transaction \(id) acquired or sold lots and cannot be edited or voided: later sales may have taken its lots, "
                + "and each sale's gain was decided from the lots held then; record a correcting transaction instead"
        }
    }
}
