import KakeiboDomain

// For stores that keep no lots (the projector tests' memory store): a lot event folded into
// one would be lost, so these refuse rather than drop it.

extension ProjectionStore {
    public func insertLot(_ lot: Lot, at position: Int64) throws { throw LedgerError.unreadableProjection(table: "lots", column: "lot_id") }
    public func updateLot(_ lot: Lot) throws { throw LedgerError.unreadableProjection(table: "lots", column: "lot_id") }
    public func lot(id: String) throws -> Lot? { nil }
    public func insertLotDisposal(_ disposal: LotDisposal) throws {
        throw LedgerError.unreadableProjection(table: "lot_disposals", column: "lot_id")
    }
    public func saveBooking(_ booking: LotBooking, accountID: String) throws {
        throw LedgerError.unreadableProjection(table: "account_bookings", column: "method")
    }
}
