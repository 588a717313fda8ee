extension LedgerEvent {
    /// A commodity's stored precision grew from `from` to `to` decimals (issue 36): a journal wrote
    /// `$1.0049` and USD was stored at 2. From this event on, every amount of `code` is stored at
    /// `to` decimals; the projection multiplies what it already holds by 10^(to − from), so
    /// nothing is rounded and replay rebuilds the same rows.
    ///
    /// Growing to a precision already reached is admitted and changes nothing: two devices that
    /// grew the same commodity while apart converge on the larger precision whatever the order.
    public struct CommodityPrecisionGrown: Hashable, Sendable {
        /// The commodity's code or symbol (`USD`, `BTC`).
        public var code: String
        public var from: Int
        public var to: Int
        public init(code: String, from: Int, to: Int) {
            self.code = code; self.from = from; self.to = to
        }

        /// The commodity at its grown precision.
        public var commodity: Commodity { Commodity(uncheckedCode: code, minorDigits: to) }

        var json: JSONValue {
            .object(["commodity": .string(code), "from": .int(Int64(from)), "to": .int(Int64(to))])
        }

        /// Refuses what no decider writes: an unknown symbol, a precision outside 0...12, or one
        /// that does not grow.
        init(json p: JSONValue) throws {
            let code = try p.string("commodity"), from = Int(try p.int("from")), to = Int(try p.int("to"))
            guard Commodity.isValidSymbol(code) || (try? Commodity(code: code))?.code == code else {
                throw LedgerError.malformedEvent(type: "CommodityPrecisionGrown", reason: "unknown commodity \(code)")
            }
            guard (0...Commodity.maximumDigits).contains(from), (0...Commodity.maximumDigits).contains(to), from < to else {
                throw LedgerError.malformedEvent(type: "CommodityPrecisionGrown", reason: "precision \(from) to \(to) does not grow within 0...\(Commodity.maximumDigits)")
            }
            self.init(code: code, from: from, to: to)
        }
    }
}
