import KakeiboDomain

// Stored precision that grows (issue 36), in the fold.

extension LedgerProjector {
    /// A transaction whose amounts were decided before their commodity's precision grew (another
    /// device's, pulled after this one's growth) is stored at the grown precision: the rows of a
    /// commodity are all counted in one unit. Exact: the count only gains trailing zeros.
    static func atStoredPrecision(_ transaction: LedgerTransaction, _ store: some ProjectionStore) throws -> LedgerTransaction {
        var result = transaction
        for index in result.postings.indices {
            let amount = result.postings[index].amount
            guard let stored = try store.commodity(symbol: amount.currency.code),
                  stored.minorDigits > amount.currency.minorDigits else { continue }
            guard let rescaled = amount.stored(as: stored) else { throw LedgerError.money(.overflow) }
            result.postings[index].amount = rescaled
        }
        return result
    }
}

extension ProjectionStore {
    /// For stores that keep no commodities table (the projector tests' memory store): refused
    /// rather than dropped, as lots and balance assertions are.
    public func growPrecision(_ growth: LedgerEvent.CommodityPrecisionGrown) throws {
        throw LedgerError.invalidCommodity(growth.code, reason: "this store cannot grow a commodity's precision")
    }
}
