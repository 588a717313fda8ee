// Stored precision that grows (issue 36): what the decider adds so that no amount is rounded.

extension LedgerDecider {
    /// The precision the ledger stores `code` at: a grown or declared one, else the ISO table's;
    /// nil for a symbol never declared.
    func storedDigits(_ code: String) throws -> Int? {
        if let known = try state.commodity(symbol: code) { return known.minorDigits }
        return Commodity.knownMinorDigits[code]
    }

    /// `commodity` as the ledger stores it: an amount typed or read in USD is parsed at USD's
    /// grown precision once it grew (so `0.0049` is kept), and at the table's before (so it is
    /// refused in one line, as every amount with too many decimals is).
    func stored(_ commodity: Commodity) throws -> Commodity {
        guard let digits = try storedDigits(commodity.code), digits > commodity.minorDigits else { return commodity }
        return commodity.storedAt(digits)
    }

    /// `declareCommodity(USD at 4)` when USD is stored at 2: the event that grows it, decided like
    /// any other; nil when the declaration asks for no more decimals than are stored (or names a
    /// symbol not yet declared, which is a first declaration).
    func precisionGrowth(_ commodity: Commodity) throws -> LedgerEvent? {
        guard let digits = try storedDigits(commodity.code), commodity.minorDigits > digits else { return nil }
        guard commodity.minorDigits <= Commodity.maximumDigits else {
            throw LedgerError.invalidCommodity(commodity.code, reason: "a commodity has 0 to \(Commodity.maximumDigits) decimals, not \(commodity.minorDigits)")
        }
        return .commodityPrecisionGrown(.init(code: commodity.code, from: digits, to: commodity.minorDigits))
    }
}
