/// How a disposal that names no lot picks the lots it sells, per account, as beancount's
/// `open … "FIFO"` does: oldest first (the default, and what most tax offices assume), newest
/// first, or at the average cost of everything held.
public enum BookingMethod: String, CaseIterable, Hashable, Sendable {
    case fifo, lifo, average
}
