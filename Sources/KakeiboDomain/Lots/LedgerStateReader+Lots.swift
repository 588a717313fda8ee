// Defaults for readers that keep no lots (test doubles, the server's checks before issue 36):
// they see no lots and every account booking FIFO into the default gains account.

extension LedgerStateReader {
    public func openLots(accountID: String, commodity: Commodity) throws -> [Lot] { [] }
    public func booking(accountID: String) throws -> LotBooking? { nil }
    public func hasLots(transactionID: String) throws -> Bool { false }
    public func openLotCount(accountID: String) throws -> Int { 0 }
}
