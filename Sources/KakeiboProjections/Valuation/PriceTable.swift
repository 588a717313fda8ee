import KakeiboDomain

/// Market prices by pair, for valuing amounts read-side only: nothing valued is ever logged.
///
/// The lookup is hledger's first three steps: a direct price on or before the date, then the
/// reverse of one, then one hop through any other commodity. Longer chains are not tried; an
/// amount no step reaches stays in its own commodity (`Valuation.unconverted`), never dropped.
public struct PriceTable: Sendable {
    /// Per (commodity, quote), the prices sorted by date; one per date (the later recorded wins,
    /// which the prices projection already applied).
    private var byPair: [Pair: [MarketPrice]] = [:]
    private var commodities: Set<Commodity> = []

    struct Pair: Hashable {
        var from: Commodity
        var to: Commodity
    }

    public init(_ prices: [MarketPrice]) {
        for price in prices {
            byPair[Pair(from: price.commodity, to: price.quote), default: []].append(price)
            commodities.insert(price.commodity)
            commodities.insert(price.quote)
        }
        for key in byPair.keys { byPair[key]!.sort { $0.date < $1.date } }
    }

    /// A rate as an exact fraction, with the date of the price (the older one for a hop).
    public struct Rate: Hashable, Sendable {
        public var numerator: UInt64
        public var denominator: UInt64
        public var isNegative: Bool
        public var date: LocalDate
        /// The commodity a hop went through, if any.
        public var via: Commodity?
    }

    /// The value of one unit of `from` in `to` on `date`, or nil when no price reaches it.
    func directOrReverse(_ from: Commodity, _ to: Commodity, on date: LocalDate) -> Rate? {
        if let price = latest(from, to, on: date) {
            return Rate(numerator: price.value.mantissa.magnitude, denominator: Self.power(price.value.scale),
                        isNegative: price.value.isNegative, date: price.date, via: nil)
        }
        if let price = latest(to, from, on: date), price.value.mantissa != 0 {
            return Rate(numerator: Self.power(price.value.scale), denominator: price.value.mantissa.magnitude,
                        isNegative: price.value.isNegative, date: price.date, via: nil)
        }
        return nil
    }

    private func latest(_ from: Commodity, _ to: Commodity, on date: LocalDate) -> MarketPrice? {
        byPair[Pair(from: from, to: to)]?.last { $0.date <= date }
    }

    /// Values `amount` in `target` on `date`: exact to the target's minor unit (half-even), or
    /// nil when no direct, reverse or one-hop price exists on or before the date.
    public func value(_ amount: Money, in target: Commodity, on date: LocalDate) -> (Money, LocalDate?)? {
        if amount.currency == target { return (amount, nil) }
        if let rate = directOrReverse(amount.currency, target, on: date) {
            return Self.convert(amount, rate, to: target).map { ($0, rate.date) }
        }
        // One hop, through the commodities in a fixed order so the result does not depend on hashing.
        for via in commodities.sorted() where via != amount.currency && via != target {
            guard let first = directOrReverse(amount.currency, via, on: date),
                  let second = directOrReverse(via, target, on: date) else { continue }
            // The middle step keeps 6 more decimals than `via` has, so the hop loses nothing a report shows.
            let middle = Commodity(uncheckedCode: via.code, minorDigits: min(Commodity.maximumDigits, via.minorDigits + 6))
            guard let step = Self.convert(amount, first, to: middle), let result = Self.convert(step, second, to: target) else { continue }
            return (result, min(first.date, second.date))
        }
        return nil
    }

    /// Whether a direct, reverse or one-hop price from `commodity` to `target` exists on or before
    /// `date`: where `value` still gives nil, the product went past Int64 (N15: an overflow is not
    /// "no price").
    public func reaches(_ commodity: Commodity, _ target: Commodity, on date: LocalDate) -> Bool {
        if commodity == target || directOrReverse(commodity, target, on: date) != nil { return true }
        return commodities.contains { via in
            via != commodity && via != target && directOrReverse(commodity, via, on: date) != nil
                && directOrReverse(via, target, on: date) != nil
        }
    }

    /// amount × rate in `target`'s minor units, rounded half-even; nil past Int64.
    static func convert(_ amount: Money, _ rate: Rate, to target: Commodity) -> Money? {
        var numerator = amount.minorUnits.magnitude
        var denominator = rate.denominator
        let shift = target.minorDigits - amount.currency.minorDigits
        if shift > 0 {
            let (scaled, overflow) = numerator.multipliedReportingOverflow(by: power(shift))
            guard !overflow else { return nil }
            numerator = scaled
        } else if shift < 0 {
            let (scaled, overflow) = denominator.multipliedReportingOverflow(by: power(-shift))
            guard !overflow else { return nil }
            denominator = scaled
        }
        let (high, low) = numerator.multipliedFullWidth(by: rate.numerator)
        guard denominator > 0, high < denominator else { return nil }
        var (quotient, remainder) = denominator.dividingFullWidth((high, low))
        if remainder > denominator - remainder || (remainder == denominator - remainder && quotient % 2 == 1) { quotient += 1 }
        guard quotient <= UInt64(Int64.max) else { return nil }
        let negative = (amount.minorUnits < 0) != rate.isNegative
        return Money(minorUnits: negative ? -Int64(quotient) : Int64(quotient), currency: target)
    }

    static func power(_ exponent: Int) -> UInt64 {
        var result: UInt64 = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }
}
