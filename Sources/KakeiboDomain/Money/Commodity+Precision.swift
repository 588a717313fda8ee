// Stored precision that grows (issue 36): a journal's `$0.00125` is kept exactly, never rounded
// to the ISO table's 2 decimals. A `CommodityPrecisionGrown` event raises the precision every
// amount of the commodity is stored at from then on; the projection rescales what it holds.

extension Commodity {
    /// The ISO table's decimals for this code; nil for a symbol outside the table.
    public var tableDigits: Int? { Self.knownMinorDigits[code] }

    /// This code stored at `digits` decimals. An ISO currency above its table's precision is no
    /// longer `isISO`, so payloads carry its `digits` and read back the same minor units.
    public func storedAt(_ digits: Int) -> Commodity {
        precondition((0...Self.maximumDigits).contains(digits), "minorDigits must be 0...\(Self.maximumDigits)")
        return Commodity(uncheckedCode: code, minorDigits: digits)
    }

    /// An ISO currency stored with more decimals than its table gives it (`USD` at 4).
    public var isGrownISO: Bool { tableDigits.map { minorDigits > $0 } ?? false }

    /// `minorUnits` of this commodity re-counted at `digits` decimals (more than its own, so exact);
    /// nil on overflow. The one rescaling rule: ×10^(digits − minorDigits).
    public func rescaled(_ minorUnits: Int64, to digits: Int) -> Int64? {
        guard digits >= minorDigits else { return nil }
        let (value, overflow) = minorUnits.multipliedReportingOverflow(by: Int64(UInt64.tenToThe(digits - minorDigits)))
        return overflow ? nil : value
    }
}

extension Money {
    /// This amount counted at the commodity's stored precision `commodity` (same code, at least as
    /// many decimals): exact, or nil when the larger count overflows Int64.
    public func stored(as commodity: Commodity) -> Money? {
        guard commodity.code == currency.code else { return nil }
        if commodity.minorDigits == currency.minorDigits { return self }
        return currency.rescaled(minorUnits, to: commodity.minorDigits).map { Money(minorUnits: $0, currency: commodity) }
    }
}
