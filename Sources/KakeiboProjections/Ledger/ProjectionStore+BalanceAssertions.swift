import KakeiboDomain

// For stores that keep no balance assertions (the projector tests' memory store): one folded
// into such a store would be lost, so it is refused rather than dropped, as lots are.

extension ProjectionStore {
    public func saveBalanceAssertion(_ assertion: LedgerEvent.BalanceAsserted, at position: Int64) throws {
        throw LedgerError.unreadableProjection(table: "balance_assertions", column: "amount")
    }
}
